import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { contractMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { ContractsPanel } from '../components/contracts-panel';
import { makeContracts, makePack } from './contract-fixtures';

function renderPanel(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(agentUser);
  const net = mockFetch(routes);
  renderRoute(<ContractsPanel policyId={5} folio="INV-042" />);
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the expediente's 'Contratos'", () => {
  it('lists the current pack in the pack order with pages, size, template version, date and who', async () => {
    renderPanel({ 'GET /api/policy/5/contracts': { body: makeContracts() } });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando contratos...');
    const pack = await screen.findByTestId('contract-pack-1');
    const lines = within(pack).getAllByTestId('contract-document');
    expect(lines.map((line) => within(line).getByText(/^(Contrato|Póliza|Pagarés)/).textContent)).toEqual([
      'Contrato de arrendamiento',
      'Póliza jurídica',
      'Pagarés',
    ]);
    expect(lines[2]).toHaveTextContent('12 páginas · 47 KB · Plantilla v1 predeterminada');
    expect(lines[0]).toHaveTextContent('Laura Méndez');
    expect(within(pack).getByText('Vigente')).toBeInTheDocument();
    expect(screen.queryByText(/Versiones anteriores/)).not.toBeInTheDocument();
  });

  it('says so when no pack was generated yet', async () => {
    renderPanel({ 'GET /api/policy/5/contracts': { body: makeContracts({ currentVersion: 0, canRegenerate: false, documents: [] }) } });
    expect(await screen.findByText('Aún no se han generado contratos para esta póliza')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerar contratos' })).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    renderPanel({
      'GET /api/policy/5/contracts': [
        { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno' } },
        { body: makeContracts() },
      ],
    });
    expect(await screen.findByText('Error al cargar los contratos')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('contract-pack-1')).toBeInTheDocument();
  });

  it("'Regenerar contratos' asks (the current pack is kept), then shows the new version and the old one folded as 'Reemplazado'", async () => {
    const regenerated = makeContracts({ currentVersion: 2, documents: [...makePack(2), ...makePack(1, true)] });
    const net = renderPanel({
      'GET /api/policy/5/contracts': { body: makeContracts() },
      'POST /api/policy/5/contracts': { status: 201, body: regenerated },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Regenerar contratos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Regenerar los contratos?' });
    expect(dialog).toHaveTextContent('El paquete actual se conservará marcado como reemplazado.');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/5/contracts')).toHaveLength(1));

    const current = await screen.findByTestId('contract-pack-2');
    expect(within(current).getByText('Vigente')).toBeInTheDocument();
    expect(within(current).getAllByTestId('contract-document')[0]).toHaveTextContent('Plantilla v2 de la sucursal');
    const older = screen.getByText('Versiones anteriores (1)').closest('details')!;
    expect(older).not.toHaveAttribute('open');
    expect(within(older).getByTestId('contract-pack-1')).toHaveTextContent('Reemplazado');
  });

  it("shows the server's 409 when the pack became frozen meanwhile", async () => {
    vi.spyOn(toast, 'error');
    renderPanel({
      'GET /api/policy/5/contracts': { body: makeContracts() },
      'POST /api/policy/5/contracts': { status: 409, body: { statusCode: 409, error: 'Conflict', message: contractMessages.frozen } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Regenerar contratos' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('No se pudieron regenerar los contratos', expect.objectContaining({ description: contractMessages.frozen })),
    );
  });

  it('offers no regeneration once frozen (signature or later)', async () => {
    renderPanel({ 'GET /api/policy/5/contracts': { body: makeContracts({ canRegenerate: false }) } });
    expect(await screen.findByTestId('contract-pack-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerar contratos' })).not.toBeInTheDocument();
    expect(screen.getByText(/solo se regeneran mientras/)).toBeInTheDocument();
  });

  it("'Ver' opens a document in a new tab, 'Descargar' saves it, 'Descargar paquete' saves the version's one PDF, all with the token", async () => {
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:contrato');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const contracts = makeContracts();
    const lease = contracts.documents.find((document) => document.kind === 'lease')!;
    const net = renderPanel({
      'GET /api/policy/5/contracts': { body: contracts },
      [`GET /api/policy/5/contracts/${lease.id}/file`]: { body: '%PDF' },
      'GET /api/policy/5/contracts/pack?version=1': { body: '%PDF' },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ver Contrato de arrendamiento (versión 1)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:contrato'));
    expect(net.callsTo('GET', `/api/policy/5/contracts/${lease.id}/file`)[0]?.authorization).toBe('Bearer access-1');

    await user.click(screen.getByRole('button', { name: 'Descargar Contrato de arrendamiento (versión 1)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(lease.fileName);

    await user.click(screen.getByRole('button', { name: 'Descargar paquete (versión 1)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('contratos_INV-042_v1.pdf');
    expect(net.callsTo('GET', '/api/policy/5/contracts/pack?version=1')[0]?.authorization).toBe('Bearer access-1');
  });

  it('closes the empty tab and says why when a document cannot be fetched', async () => {
    vi.spyOn(toast, 'error');
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    renderPanel({ 'GET /api/policy/5/contracts': { body: makeContracts() } });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Ver Pagarés (versión 1)' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(toast.error).toHaveBeenCalledWith('No se pudo abrir el documento', expect.anything());
  });
});
