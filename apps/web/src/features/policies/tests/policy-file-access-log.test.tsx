import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessLogEntry, AccessLogPage, PolicyFile, SessionUser } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyFilePage } from '../pages/policy-file-page';

const file: PolicyFile = { policyId: 5, branch: { id: 1, name: 'Sucursal Polanco' }, agent: { id: 7, name: 'Laura Méndez' }, checklist: [], addendums: [], appointments: [], claimDocuments: [] };

const entry = (id: number, overrides: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  id,
  at: '2026-03-02T16:30:00.000Z',
  userId: 7,
  userName: 'Laura Méndez',
  action: 'document_download',
  subject: 'Documento de investigación: ine_maria.pdf',
  ip: '10.1.2.3',
  userAgent: 'Firefox',
  ...overrides,
});

const page = (entries: AccessLogEntry[], number: number, total: number): AccessLogPage => ({ entries, total, page: number, pageSize: 20 });

function renderFile(user: SessionUser, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(user);
  const policy = makePolicy({ id: 5 });
  const net = mockFetch({
    'GET /api/policy/unique/5': { body: policy },
    'GET /api/policy/5/file': { body: file },
    'GET /api/policy/5/events': { body: [] },
    [`GET /api/files/documentswithresponses/${policy.investigationId}`]: { body: [] },
    ...routes,
  });
  renderRoute(<PolicyFilePage />, { path: '/policies/:id', url: '/policies/5' });
  return net;
}

describe("the expediente's 'Accesos'", () => {
  it('shows a manager or admin who reached the documents, when and from where, and pages back', async () => {
    const user = userEvent.setup({ delay: null });
    renderFile(adminUser, {
      'GET /api/policy/5/access-log?page=1': { body: page([entry(2, { action: 'document_view', userName: 'Pablo Torres' }), entry(1)], 1, 21) },
      'GET /api/policy/5/access-log?page=2': { body: page([entry(0, { userName: 'Ana Admin', action: 'contract_pack_download', subject: 'Paquete de contratos: contratos.pdf' })], 2, 21) },
    });
    const section = await screen.findByRole('region', { name: 'Accesos' });
    expect(await within(section).findByText('Pablo Torres')).toBeInTheDocument();
    expect(within(section).getByText('vio un documento')).toBeInTheDocument();
    expect(within(section).getAllByText('Desde 10.1.2.3')).toHaveLength(2);
    expect(within(section).getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accesos' })).toHaveAttribute('href', '#accesos');
    await user.click(within(section).getByRole('button', { name: 'Anteriores' }));
    expect(await within(section).findByText('Paquete de contratos: contratos.pdf')).toBeInTheDocument();
  });

  it('says when nobody has reached them yet', async () => {
    renderFile({ ...adminUser, role: 'manager' }, { 'GET /api/policy/5/access-log?page=1': { body: page([], 1, 0) } });
    expect(await screen.findByText('Sin accesos registrados')).toBeInTheDocument();
  });

  it('is not there for an agent (and is not asked for)', async () => {
    const net = renderFile(agentUser);
    expect(await screen.findByRole('region', { name: 'Citas' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Accesos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accesos' })).not.toBeInTheDocument();
    expect(net.callsTo('GET', '/api/policy/5/access-log?page=1')).toHaveLength(0);
  });
});
