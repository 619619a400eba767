import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { claimMessages, type PolicyFile } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyFilePage } from '../pages/policy-file-page';

const demand = {
  id: 31,
  kind: 'payment_demand' as const,
  fileName: 'requerimiento-de-pago-INC-00042-2027-03-10.pdf',
  size: 25_785,
  sha256: 'b'.repeat(64),
  createdBy: 'Ana Pérez',
  createdAt: '2027-03-10T18:00:00.000Z',
  claimId: 42,
  claimNumber: 'INC-00042',
};

const file = (claimDocuments: PolicyFile['claimDocuments']): PolicyFile => ({
  policyId: 5,
  branch: { id: 1, name: 'Sucursal Polanco' },
  agent: { id: 7, name: 'Laura Méndez' },
  checklist: [],
  addendums: [],
  appointments: [],
  claimDocuments,
});

function renderFile(claimDocuments: PolicyFile['claimDocuments']) {
  storeSession(agentUser);
  const policy = makePolicy({ id: 5, status: 'active' });
  const net = mockFetch({
    'GET /api/policy/unique/5': { body: policy },
    'GET /api/policy/5/file': { body: file(claimDocuments) },
    'GET /api/policy/5/events': { body: [] },
    [`GET /api/files/documentswithresponses/${policy.investigationId}`]: { body: [] },
    'GET /api/policy/5/rents': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No encontrada' } },
    'GET /api/claims/documents/31': { body: '%PDF' },
  });
  renderRoute(<PolicyFilePage />, { path: '/policies/:id', url: '/policies/5' });
  return net;
}

afterEach(() => vi.restoreAllMocks());

describe("the expediente's documents of its incidencias (issue 33)", () => {
  it('lists each with its case, says it is a draft for the lawyer, and downloads it with the token', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:documento');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const net = renderFile([demand]);
    const section = await screen.findByRole('region', { name: 'Documentos' });
    const line = await within(section).findByTestId('claim-document');
    expect(line).toHaveTextContent('Requerimiento de pago · INC-00042');
    expect(line).toHaveTextContent('requerimiento-de-pago-INC-00042-2027-03-10.pdf');
    expect(within(line).getByRole('link', { name: 'INC-00042' })).toHaveAttribute('href', '/claims/42');
    expect(within(section).getByText(claimMessages.lawyerDraft)).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(within(line).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(demand.fileName);
    expect(net.callsTo('GET', '/api/claims/documents/31')[0]?.authorization).toBe('Bearer access-1');
  });

  it('shows nothing of them when the policy has none', async () => {
    renderFile([]);
    await screen.findByRole('region', { name: 'Documentos' });
    await screen.findByText('Sucursal Polanco');
    expect(screen.queryByText('Documentos de incidencias')).not.toBeInTheDocument();
    expect(screen.queryByText(claimMessages.lawyerDraft)).not.toBeInTheDocument();
  });
});
