import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { MoveOutActa, SessionUser } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { MoveOutSection } from '../components/move-out-section';
import { MoveOutPage } from '../pages/move-out-page';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const actaPath = 'GET /api/policy/5/move-out';

/** Policy 5's acta: $18,500.00 of deposit, nothing owed in rent; empty (version 0) unless told. */
function makeActa(overrides: Partial<MoveOutActa> = {}): MoveOutActa {
  return {
    policyId: 5,
    folio: 'POL-0005',
    exists: false,
    state: 'draft',
    deliveredOn: null,
    keysCount: 0,
    keysNotes: '',
    meters: { water: '', electricity: '', gas: '' },
    rooms: [],
    damages: [],
    unpaidServices: '0.00',
    unpaidServicesNotes: '',
    settlement: { deposit: '18500.00', damages: '0.00', unpaidRent: '0.00', unpaidServices: '0.00', balance: '18500.00', kind: 'refund', label: 'Reembolso al inquilino: $18,500.00' },
    signing: null,
    hasPdf: false,
    updatedBy: null,
    updatedAt: null,
    version: 0,
    ...overrides,
  };
}

const savedActa = (overrides: Partial<MoveOutActa> = {}) =>
  makeActa({
    exists: true,
    deliveredOn: '2027-03-05',
    keysCount: 3,
    rooms: [{ key: 'sala', name: 'Sala', condition: 'good', notes: '', photos: [] }],
    damages: [{ description: 'Vidrio roto', amount: '1200.50' }],
    settlement: { deposit: '18500.00', damages: '1200.50', unpaidRent: '0.00', unpaidServices: '0.00', balance: '17299.50', kind: 'refund', label: 'Reembolso al inquilino: $17,299.50' },
    version: 1,
    ...overrides,
  });

function renderPage(user: SessionUser, routes: Parameters<typeof mockFetch>[0]) {
  storeSession(user);
  const net = mockFetch(routes);
  return { ...net, ...renderRoute(<MoveOutPage />, { path: '/policies/:id/entrega', url: '/policies/5/entrega' }) };
}

describe("'Entrega del inmueble'", () => {
  it('shows the settlement as the damages and services are typed, and saves the draft with its version', async () => {
    const net = renderPage(agentUser, { [actaPath]: { body: makeActa() }, 'PUT /api/policy/5/move-out': { body: savedActa() } });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Borrador')).toBeInTheDocument();
    expect(screen.getByText(/borrador para revisión del abogado/)).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Reembolso al inquilino: $18,500.00');

    await user.click(screen.getByRole('button', { name: 'Agregar daño' }));
    await user.type(screen.getByLabelText('Descripción del daño 1'), 'Vidrio roto');
    await user.type(screen.getByLabelText('Importe del daño 1'), '1,200.50');
    expect(status).toHaveTextContent('Reembolso al inquilino: $17,299.50');
    await user.clear(screen.getByLabelText('Servicios pendientes de pago'));
    await user.type(screen.getByLabelText('Servicios pendientes de pago'), '20000');
    expect(status).toHaveTextContent('Adeudo del inquilino: $2,700.50');
    await user.clear(screen.getByLabelText('Servicios pendientes de pago'));
    await user.type(screen.getByLabelText('Servicios pendientes de pago'), '0');

    await user.click(screen.getByRole('button', { name: 'Agregar habitación' }));
    await user.type(screen.getByLabelText('Habitación 1'), 'Sala');
    expect(screen.getByText('Guarde el acta para agregar fotos a esta habitación.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    await vi.waitFor(() => expect(net.callsTo('PUT', '/api/policy/5/move-out')).toHaveLength(1));
    const [sent] = net.callsTo('PUT', '/api/policy/5/move-out');
    expect(sent!.ifMatch).toBe('"v0"');
    expect(sent!.body).toMatchObject({ damages: [{ description: 'Vidrio roto', amount: '1200.50' }], unpaidServices: '0.00', rooms: [{ name: 'Sala', condition: 'good' }] });
    expect(await screen.findByRole('button', { name: 'Tomar foto' })).toBeInTheDocument();
    expect(screen.getByLabelText('Foto de Sala')).toHaveAttribute('accept', 'image/*');
  });

  it('shows the field a 400 names, and refuses a negative damage before sending', async () => {
    const net = renderPage(agentUser, {
      [actaPath]: { body: makeActa() },
      'PUT /api/policy/5/move-out': { status: 400, body: { statusCode: 400, error: 'Bad Request', code: 'validation', message: 'El campo Fecha de entrega no puede ser posterior a hoy', details: [{ field: 'deliveredOn', message: 'El campo Fecha de entrega no puede ser posterior a hoy' }] } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Agregar daño' }));
    await user.type(screen.getByLabelText('Descripción del daño 1'), 'Vidrio');
    await user.type(screen.getByLabelText('Importe del daño 1'), '-5');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText(/El campo Importe del daño debe ser un importe mayor que cero/)).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/policy/5/move-out')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Importe del daño 1'));
    await user.type(screen.getByLabelText('Importe del daño 1'), '5');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('El campo Fecha de entrega no puede ser posterior a hoy')).toBeInTheDocument();
  });

  it("asks before 'Enviar a firma', sends the version seen, and then shows the acta frozen", async () => {
    const sent = savedActa({
      state: 'signing',
      version: 2,
      hasPdf: true,
      signing: { status: 'open', signers: [{ party: 'tenant', name: 'Ana Pérez', signedAt: null, declinedAt: null }, { party: 'owner', name: 'Roberto Sánchez', signedAt: null, declinedAt: null }] },
    });
    const net = renderPage(agentUser, { [actaPath]: { body: savedActa() }, 'POST /api/policy/5/move-out/send': { body: sent } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enviar a firma' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar el acta a firma?' });
    expect(within(dialog).getByText('Reembolso al inquilino: $17,299.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar a firma' }));

    await vi.waitFor(() => expect(net.callsTo('POST', '/api/policy/5/move-out/send')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/5/move-out/send')[0]!.ifMatch).toBe('"v1"');
    expect(await screen.findByText('En firma')).toBeInTheDocument();
    expect(screen.getByText('Ana Pérez · Inquilino')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar acta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar borrador' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de entrega')).toBeDisabled();
  });

  it('lets a role that only reads see the acta without editing it', async () => {
    renderPage({ ...adminUser, role: 'approver' }, { [actaPath]: { body: savedActa() } });
    expect(await screen.findByText('Reembolso al inquilino: $17,299.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar borrador' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Habitación 1')).toBeDisabled();
  });

  it("says when the acta cannot be loaded, with 'Reintentar'", async () => {
    renderPage(agentUser, { [actaPath]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno' } } });
    expect(await screen.findByText('Error al cargar el acta de entrega')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('the expediente’s section', () => {
  it('shows the state and the settlement of an active policy, and only a note for one not in force', async () => {
    storeSession(agentUser);
    mockFetch({ [actaPath]: { body: savedActa({ state: 'signed', hasPdf: true }) } });
    const view = renderRoute(<MoveOutSection policy={makePolicy({ id: 5, status: 'active' })} />);
    expect(await screen.findByText('Reembolso al inquilino: $17,299.50')).toBeInTheDocument();
    expect(screen.getByText('Firmada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acta firmada (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir acta de entrega' })).toHaveAttribute('href', '/policies/5/entrega');
    view.unmount();

    const net = mockFetch({});
    renderRoute(<MoveOutSection policy={makePolicy({ id: 5, status: 'investigation' })} />);
    expect(screen.getByText(/El acta de entrega se levanta cuando la póliza está vigente o terminó/)).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
