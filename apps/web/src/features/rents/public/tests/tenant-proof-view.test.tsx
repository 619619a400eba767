import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RentProofView } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { mockUploads } from '@/test/xhr-mock';
import { TenantProofView } from '../tenant-proof-view';

const token = 't'.repeat(43);
const path = `/api/public/rent-proofs/${token}`;

const makeView = (overrides: Partial<RentProofView> = {}): RentProofView => ({
  tenantName: 'María López',
  branchName: 'Sucursal Polanco',
  folio: 'POL-123',
  owed: '27000.00',
  months: [
    { period: '2027-02', dueOn: '2027-02-01', owed: '8500.00', state: 'overdue' },
    { period: '2027-03', dueOn: '2027-03-01', owed: '18500.00', state: 'overdue' },
  ],
  proofs: [],
  ...overrides,
});

const proof = (overrides: Partial<RentProofView['proofs'][number]> = {}): RentProofView['proofs'][number] => ({
  id: 1,
  amount: '18500.00',
  paidOn: '2027-03-08',
  method: 'transfer',
  reference: 'SPEI 777',
  fileName: 'spei.pdf',
  state: 'pending',
  rejectReason: null,
  sentAt: '2027-03-08T18:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

function renderView(routes: Parameters<typeof mockFetch>[0]) {
  const net = mockFetch(routes);
  renderRoute(<TenantProofView token={token} />, { path: '/p/:token', url: `/p/${token}` });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the tenant's proofs page", () => {
  it('shows loading, then the months owed and an empty list of proofs', async () => {
    renderView({ [`GET ${path}`]: { body: makeView() } });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando sus rentas...');
    expect(await screen.findByRole('heading', { name: 'Hola, María López' })).toBeInTheDocument();
    expect(screen.getByText('$8,500.00')).toBeInTheDocument();
    expect(screen.getByText('Total pendiente: $27,000.00')).toBeInTheDocument();
    expect(screen.getByText('Aún no ha enviado comprobantes.')).toBeInTheDocument();
  });

  it('says so when nothing is owed, and shows each proof with its state and the reason of a rejection', async () => {
    const proofs = [proof({ id: 3, state: 'rejected', rejectReason: 'No se ve la referencia' }), proof({ id: 2, state: 'accepted' }), proof({ id: 1 })];
    renderView({ [`GET ${path}`]: { body: makeView({ months: [], owed: '0.00', proofs }) } });
    expect(await screen.findByText('No tiene rentas pendientes.')).toBeInTheDocument();
    expect(screen.getByText('Rechazado: No se ve la referencia')).toBeInTheDocument();
    expect(screen.getByText('Aceptado')).toBeInTheDocument();
    expect(screen.getByText('En revisión')).toBeInTheDocument();
  });

  it('shows an error with Reintentar when the page cannot load', async () => {
    renderView({ [`GET ${path}`]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } } });
    expect(await screen.findByText('No se pudieron cargar sus rentas', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('sends the comprobante without a session as one multipart request, then lists it En revisión', async () => {
    const xhr = mockUploads(() => ({ status: 201, body: makeView({ proofs: [proof()] }) }));
    renderView({ [`GET ${path}`]: { body: makeView() } });
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('region', { name: 'Enviar comprobante' }));
    await user.type(form.getByLabelText('Importe pagado'), '18500');
    await user.selectOptions(form.getByLabelText('Forma de pago'), 'Transferencia / SPEI');
    await user.upload(form.getByLabelText('Seleccionar archivo: Comprobante'), new File(['%PDF-1.4'], 'spei.pdf', { type: 'application/pdf' }));
    await user.click(form.getByRole('button', { name: 'Enviar comprobante' }));
    expect(await screen.findByText('Recibimos su comprobante. La oficina lo revisará.')).toBeInTheDocument();
    const [sent] = xhr.uploadsTo(path);
    expect(sent!.authorization).toBeNull();
    expect(sent!.form!.get('amount')).toBe('18500');
    expect((sent!.form!.get('receipt') as File).name).toBe('spei.pdf');
    expect(screen.getByText('En revisión')).toBeInTheDocument();
  });

  it("puts the server's refusal under the field it names", async () => {
    const refusal = { statusCode: 400, error: 'Bad Request', code: 'validation_failed', message: 'La fecha de pago no puede ser posterior a hoy', details: [{ field: 'paidOn', message: 'La fecha de pago no puede ser posterior a hoy' }] };
    mockUploads(() => ({ status: 400, body: refusal }));
    renderView({ [`GET ${path}`]: { body: makeView() } });
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('region', { name: 'Enviar comprobante' }));
    await user.type(form.getByLabelText('Importe pagado'), '18500');
    await user.upload(form.getByLabelText('Seleccionar archivo: Comprobante'), new File(['%PDF-1.4'], 'spei.pdf', { type: 'application/pdf' }));
    await user.click(form.getByRole('button', { name: 'Enviar comprobante' }));
    expect(await form.findByText('La fecha de pago no puede ser posterior a hoy')).toBeInTheDocument();
  });
});
