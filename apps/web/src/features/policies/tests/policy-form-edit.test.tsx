import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { policyMessages, type PolicyEvent } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyEditPage } from '../pages/policy-edit-page';

// Local times (no offset), so the shown time does not depend on the machine's time zone.
const events: PolicyEvent[] = [
  {
    id: 2,
    policyId: 5,
    userId: 7,
    userName: 'Laura Méndez',
    fromStatus: 'created',
    toStatus: 'investigation',
    changes: ['Inquilinos', 'Renta'],
    note: 'Documentos completos',
    createdAt: '2026-03-05T14:30:00',
  },
  {
    id: 1,
    policyId: 5,
    userId: 7,
    userName: 'Pablo Torres',
    fromStatus: null,
    toStatus: 'created',
    changes: [],
    note: '',
    createdAt: '2026-03-01T09:05:00',
  },
];

const managerUser = { ...agentUser, id: 9, email: 'gerente@example.com', role: 'manager' as const };

function renderEdit(routes: Parameters<typeof mockFetch>[0] = {}, sessionUser = agentUser) {
  storeSession(sessionUser);
  const net = mockFetch({
    'GET /api/policy/unique/5': { body: makePolicy() },
    'GET /api/policy/5/events': { body: events },
    ...routes,
  });
  renderRoute(<PolicyEditPage />, { path: '/policies/:id/edit', url: '/policies/5/edit' });
  return net;
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('policy form: Editar Póliza', () => {
  it('loads the policy into the form, its folio read-only', async () => {
    renderEdit();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando póliza...');
    const folio = await screen.findByLabelText('Folio de Investigación');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Póliza' })).toBeInTheDocument();
    expect(folio).toHaveValue('INV-01122026-1030-042');
    expect(folio).toHaveAttribute('readonly');
    expect(folio).toHaveAccessibleDescription('No se puede modificar');
    expect(screen.getByLabelText('Folio de Póliza')).toHaveValue('POL-77');
    expect(screen.getByLabelText('Folio de Póliza')).toHaveAttribute('readonly');
    // An agent reads the status; a jump from the form is a manager's or an admin's.
    expect(screen.getByLabelText('Estatus')).toHaveValue('En investigación');
    expect(screen.getByLabelText('Estatus')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Tipo de Póliza')).toHaveValue('plus');
    expect(screen.getByLabelText('Firma electrónica')).toBeChecked();

    const tenant = within(region('Inquilinos'));
    expect(tenant.getByLabelText('Nombre del inquilino')).toHaveValue('María López');
    // Pesos are shown with their centavos.
    expect(tenant.getByLabelText('Ingreso mensual')).toHaveValue('55000.00');
    expect(tenant.getByLabelText('Nombre de la referencia')).toHaveValue('Ana Pérez');
    expect(tenant.getByLabelText('Tipo de referencia')).toHaveValue('familiar');

    const guarantor = within(region(/Avales/));
    expect(guarantor.getByLabelText('Nombre del aval')).toHaveValue('Jorge Ríos');
    expect(guarantor.getByLabelText('El inmueble en garantía es el domicilio del aval')).not.toBeChecked();
    const pledged = within(guarantor.getByRole('group', { name: 'Domicilio del inmueble en garantía' }));
    expect(pledged.getByLabelText('Calle')).toHaveValue('Calle Sonora');

    expect(screen.getByLabelText('Tipo de inmueble')).toHaveValue('apartment');
    expect(screen.getByLabelText('Agua')).toBeChecked();
    const rent = within(region('Renta'));
    expect(rent.getByLabelText('Renta mensual')).toHaveValue('18500.00');
    expect(rent.getByLabelText('Inicio del contrato')).toHaveValue('2026-12-01');
    expect(rent.getByLabelText('Vigencia (meses)')).toHaveValue('12');
    expect(rent.getByLabelText('Fin de vigencia')).toHaveTextContent('30 de noviembre de 2027');
    expect(rent.getByLabelText('Periodo de gracia (días)')).toHaveValue('5');
    expect(rent.getByLabelText('Depósito bancario')).toBeChecked();
    expect(rent.getByLabelText('CLABE')).toHaveValue('012180001234567891');
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeInTheDocument();
  });

  it('lets an admin give a folio de póliza only to a policy without one', async () => {
    renderEdit({}, adminUser);
    const numbered = await screen.findByLabelText('Folio de Póliza');
    expect(numbered).toHaveAttribute('readonly');
    expect(numbered).toHaveAccessibleDescription('No se puede modificar');
    cleanup();

    renderEdit({ 'GET /api/policy/unique/5': { body: makePolicy({ policyNumber: '' }) } }, adminUser);
    const blank = await screen.findByLabelText('Folio de Póliza');
    expect(blank).not.toHaveAttribute('readonly');
    expect(blank).toHaveValue('');
  });

  it('recomputes the end date as the term is typed, and sends the term in months', async () => {
    const net = renderEdit({ 'POST /api/policy/update/5': { body: makePolicy() } }, managerUser);
    const user = userEvent.setup({ delay: null });
    const months = await screen.findByLabelText('Vigencia (meses)');
    await user.clear(months);
    await user.type(months, '2');
    const end = screen.getByLabelText('Fin de vigencia');
    expect(end).toHaveTextContent('31 de enero de 2027');
    await user.clear(months);
    await user.type(months, '61');
    expect(end).toHaveTextContent('Se calcula con el inicio del contrato y la vigencia');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('El campo Vigencia (meses) debe estar entre 1 y 60')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(0);
    await user.clear(months);
    await user.type(months, '24');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/update/5')[0]?.body).toMatchObject({ termMonths: 24 });
  });

  it('shows the history below the form, newest first', async () => {
    renderEdit();
    const history = await screen.findByRole('region', { name: 'Historial' });
    const items = await within(history).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('05 mar 2026 14:30');
    expect(items[0]).toHaveTextContent('Laura Méndez');
    expect(items[0]).toHaveTextContent('De «Creada» a «En investigación»');
    expect(items[0]).toHaveTextContent('Secciones modificadas: Inquilinos, Renta');
    expect(items[0]).toHaveTextContent('Documentos completos');
    expect(items[1]).toHaveTextContent('01 mar 2026 09:05');
    expect(items[1]).toHaveTextContent('Pablo Torres');
    expect(items[1]).toHaveTextContent('Estatus inicial «Creada»');
    expect(items[1]).not.toHaveTextContent('Secciones modificadas');
  });

  it("names the server's own changes 'Sistema' (as the API sends them) and a deleted user's apart", async () => {
    const daily: PolicyEvent[] = [
      { ...events[0]!, id: 11, userId: null, userName: 'Sistema', fromStatus: 'active', toStatus: 'expiring', note: 'Vigencia próxima a terminar' },
      { ...events[0]!, id: 10, userId: null, userName: '' },
    ];
    renderEdit({ 'GET /api/policy/5/events': { body: daily } });
    const items = await within(await screen.findByRole('region', { name: 'Historial' })).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sistema');
    expect(items[0]).toHaveTextContent('De «Activa» a «Por vencer»');
    expect(items[1]).toHaveTextContent('Usuario eliminado');
  });

  it('marks a status jump apart from the changed sections, and shows a decision with its reason line by line', async () => {
    const jumped: PolicyEvent[] = [
      { ...events[0]!, id: 9, fromStatus: 'created', toStatus: 'active', changes: ['Salto de estatus', 'Renta'], note: '' },
      {
        ...events[0]!,
        id: 8,
        fromStatus: 'investigation',
        toStatus: 'investigation_approved',
        changes: [],
        note: 'Investigación aprobada\nMotivo: Ingresos comprobados',
      },
    ];
    renderEdit({ 'GET /api/policy/5/events': { body: jumped } });
    const history = await screen.findByRole('region', { name: 'Historial' });
    const [jump, decision] = await within(history).findAllByRole('listitem');
    expect(within(jump!).getByText('Salto de estatus')).toBeInTheDocument();
    expect(jump).toHaveTextContent('Secciones modificadas: Renta');
    expect(jump).not.toHaveTextContent('Secciones modificadas: Salto');
    expect(within(decision!).queryByText('Salto de estatus')).not.toBeInTheDocument();
    expect(decision).toHaveTextContent('Motivo: Ingresos comprobados');
  });

  it("says 'Sin movimientos registrados' for an empty history, and offers a retry when it fails", async () => {
    renderEdit({
      'GET /api/policy/5/events': [
        { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno. Intente nuevamente.' } },
        { body: [] },
      ],
    });
    const history = await screen.findByRole('region', { name: 'Historial' });
    expect(await within(history).findByText('Error al cargar el historial')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(history).getByRole('button', { name: 'Reintentar' }));
    expect(await within(history).findByText('Sin movimientos registrados')).toBeInTheDocument();
  });

  it('saves the whole policy to POST /api/policy/update/{id}, keeping child ids, then returns to /policies', async () => {
    const net = renderEdit({ 'POST /api/policy/update/5': { body: makePolicy() } }, managerUser);
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Estatus'), 'contracts');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith(policyMessages.updated, { duration: 4000 });
    expect(screen.getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'), { timeout: 3000 });

    expect(net.callsTo('POST', '/api/policy/update/5')[0]?.body).toMatchObject({
      status: 'contracts',
      policyType: 'plus',
      tenants: [{ id: 21, name: 'María López', monthlyIncome: 55000, references: [{ name: 'Ana Pérez', type: 'familiar' }] }],
      guarantors: [{ id: 31, sameAddressAsGuarantee: false, guaranteeAddress: { street: 'Calle Sonora' }, vehicle: null }],
      property: { parkingSpots: 1, rent: { price: 18500, gracePeriod: 5, bank: 'BBVA', contractStartDate: '2026-12-01' } },
    });
  });

  it("offers 'Subir Documentos' and 'Mostrar Resultados' while the investigation is open, with its state and ?folio=", async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/policy/unique/5': { body: makePolicy() }, 'GET /api/policy/5/events': { body: [] } });
    const { router } = renderRoute(<PolicyEditPage />, { path: '/policies/:id/edit', url: '/policies/5/edit' });
    const upload = await screen.findByRole('link', { name: 'Subir Documentos' });
    expect(upload).toHaveAttribute('href', '/upload-documents?folio=INV-01122026-1030-042');
    expect(screen.getByRole('link', { name: 'Mostrar Resultados' })).toHaveAttribute('href', '/policies/results?folio=INV-01122026-1030-042');
    await userEvent.setup({ delay: null }).click(upload);
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload-documents'));
    expect(router.state.location.state).toEqual({
      policyId: '5',
      investigationId: 'INV-01122026-1030-042',
      policyType: 'plus',
      guarantorId: 31,
    });
  });

  it('offers neither once the investigation is decided', async () => {
    renderEdit({ 'GET /api/policy/unique/5': { body: makePolicy({ status: 'contracts' }) } });
    await screen.findByLabelText('Folio de Investigación');
    expect(screen.queryByRole('link', { name: 'Subir Documentos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mostrar Resultados' })).not.toBeInTheDocument();
  });

  it("says 'Error loading policy' with a retry when the policy cannot be loaded", async () => {
    renderEdit({
      'GET /api/policy/unique/5': [
        { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno. Intente nuevamente.' } },
        { body: makePolicy() },
      ],
    });
    expect(await screen.findByText(policyMessages.loadError)).toBeInTheDocument();
    expect(screen.queryByLabelText('Folio de Investigación')).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Folio de Investigación')).toHaveValue('INV-01122026-1030-042');
  });
});
