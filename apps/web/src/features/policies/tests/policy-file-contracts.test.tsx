import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractMessages, type Policy, type PolicyContracts, type PolicyFile } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyFilePage } from '../pages/policy-file-page';

const file: PolicyFile = { policyId: 5, branch: { id: 1, name: 'Sucursal Polanco' }, agent: null, checklist: [], addendums: [], appointments: [], claimDocuments: [] };
const none: PolicyContracts = { policyId: 5, currentVersion: 0, canRegenerate: false, documents: [] };
const generated: PolicyContracts = {
  policyId: 5,
  currentVersion: 1,
  canRegenerate: true,
  documents: (['lease', 'policy', 'promissory_notes'] as const).map((kind, index) => ({
    id: 50 + index,
    policyId: 5,
    kind,
    packVersion: 1,
    templateId: 1,
    templateVersion: 1,
    templateIsBranchOverride: false,
    fileName: `${kind}.pdf`,
    size: 30_000,
    sha256: 'c'.repeat(64),
    pageCount: 3,
    superseded: false,
    createdAt: '2026-11-24T03:00:00.000Z',
    createdByName: 'Laura Méndez',
  })),
};

function renderFile(policy: Policy, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser);
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

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the expediente's contracts (issue 16)", () => {
  it("names the pack by the folio de póliza once the policy has one, as its documents are (issue 29)", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:contrato');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderFile(makePolicy({ status: 'contracts', policyNumber: 'POL-2026-00042' }), {
      'GET /api/policy/5/contracts': { body: generated },
      'GET /api/policy/5/contracts/pack?version=1': { body: '%PDF' },
    });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Descargar paquete (versión 1)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('contratos_POL-2026-00042_v1.pdf');
  });

  it("has a 'Contratos' section and anchor", async () => {
    renderFile(makePolicy({ status: 'contracts' }), { 'GET /api/policy/5/contracts': { body: generated } });
    expect(await screen.findByRole('link', { name: 'Contratos' })).toHaveAttribute('href', '#contratos');
    const section = await screen.findByRole('region', { name: 'Contratos' });
    expect(await within(section).findAllByTestId('contract-document')).toHaveLength(3);
  });

  it("'Generar Contratos' asks, moves the policy to 'contracts' and the section shows the pack", async () => {
    const net = renderFile(makePolicy({ status: 'investigation_approved' }), {
      // The server's answers before and after the change (every policy query refetches after it).
      'GET /api/policy/unique/5': [{ body: makePolicy({ status: 'investigation_approved' }) }, { body: makePolicy({ status: 'contracts' }) }],
      'GET /api/policy/5/contracts': [{ body: none }, { body: generated }],
      'POST /api/policy/update/5': { body: makePolicy({ status: 'contracts' }) },
    });
    const section = await screen.findByRole('region', { name: 'Contratos' });
    expect(await within(section).findByText('Aún no se han generado contratos para esta póliza')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Generar Contratos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Generar los contratos?' });
    expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/policy/update/5')[0]!.body).toEqual({ status: 'contracts', userId: agentUser.id, branchId: agentUser.branchId });
    expect(await within(section).findAllByTestId('contract-document')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Generar Contratos' })).not.toBeInTheDocument();
  });

  it("a generation failure keeps the dialog open with the server's message and the status unchanged", async () => {
    const reason = contractMessages.generationFailed(contractMessages.missingData('Fecha de inicio del contrato'));
    renderFile(makePolicy({ status: 'investigation_approved' }), {
      'GET /api/policy/5/contracts': { body: none },
      'POST /api/policy/update/5': { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: reason } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Generar Contratos' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Generar' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('Investigación aprobada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar Contratos' })).toBeInTheDocument();
  });
});

describe("'Enviar Contratos' in the expediente (issue 29)", () => {
  const withEmails = (policy: Policy): Policy => ({
    ...policy,
    guarantors: policy.guarantors.map((guarantor) => ({ ...guarantor, email: 'jorge@example.mx' })),
    property: { ...policy.property, owner: { ...policy.property.owner, email: 'roberto@example.mx' } },
  });

  it('is the visible next step; it names each signer and address before sending, and sends only when confirmed', async () => {
    const policy = withEmails(makePolicy({ status: 'contracts', isElectronicSignature: true }));
    const net = renderFile(policy, {
      'GET /api/policy/5/contracts': { body: generated },
      'GET /api/policy/5/signing': { body: null },
      'POST /api/policy/update/5': { body: { ...policy, status: 'signature' } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enviar Contratos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar los contratos?' });
    const signers = within(within(dialog).getByRole('list', { name: 'Firmantes' })).getAllByRole('listitem');
    expect(signers.map((item) => item.textContent)).toEqual([
      'María López (Inquilino)maria@example.mx',
      'Jorge Ríos (Aval)jorge@example.mx',
      'Roberto Sánchez (Propietario)roberto@example.mx',
    ]);
    expect(dialog).toHaveTextContent('3 firmantes');
    expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar a los firmantes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/policy/update/5')[0]!.body).toMatchObject({ status: 'signature' });
  });

  it('cannot send while a signer has no e-mail, and says whose to add', async () => {
    renderFile(makePolicy({ status: 'contracts', isElectronicSignature: true }), {
      'GET /api/policy/5/contracts': { body: generated },
      'GET /api/policy/5/signing': { body: null },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enviar Contratos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar los contratos?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Agregue el correo de Jorge Ríos, Roberto Sánchez en la póliza');
    expect(within(dialog).getByRole('button', { name: 'Enviar a los firmantes' })).toBeDisabled();
  });

  it('a paper policy says no e-mail goes out', async () => {
    renderFile(makePolicy({ status: 'contracts', isElectronicSignature: false }), { 'GET /api/policy/5/contracts': { body: generated } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enviar Contratos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar los contratos?' });
    expect(dialog).toHaveTextContent('Esta póliza se firma en papel: no se enviará ningún correo.');
    expect(within(dialog).queryByRole('list', { name: 'Firmantes' })).not.toBeInTheDocument();
  });
});
