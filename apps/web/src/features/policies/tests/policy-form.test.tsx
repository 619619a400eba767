import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { policyMessages, policyStatusLabels, policyStatuses } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makeBranch, storeSession } from '@/test/fixtures';
import { PolicyCreatePage } from '../pages/policy-create-page';

type User = ReturnType<typeof userEvent.setup>;

const managerUser = { ...agentUser, id: 9, email: 'gerente@example.com', role: 'manager' as const };

function renderCreateView(sessionUser: typeof agentUser) {
  storeSession(sessionUser);
  mockFetch({});
  return renderRoute(<PolicyCreatePage />, { path: '/policies/new' });
}

function renderCreate(routes: Parameters<typeof mockFetch>[0] = {}, sessionUser = agentUser) {
  storeSession(sessionUser);
  const net = mockFetch(routes);
  renderRoute(<PolicyCreatePage />, { path: '/policies/new' });
  return net;
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const group = (name: string, within_: HTMLElement = document.body) => within(within_).getByRole('group', { name });
const posts = (net: ReturnType<typeof mockFetch>) => net.callsTo('POST', '/api/policy');

/** The fields the schema requires of a Básica policy. */
async function fillRequired(user: User) {
  await user.type(within(region('Inquilinos')).getByLabelText('Nombre del inquilino'), 'María López');
  const property = region('Inmueble');
  await user.type(within(property).getByLabelText('Calle'), 'Calle Durango');
  await user.type(within(property).getByLabelText('Número exterior'), '214');
  await user.type(within(property).getByLabelText('Colonia'), 'Roma Norte');
  await user.type(within(property).getByLabelText('Alcaldía / Municipio'), 'Cuauhtémoc');
  await user.type(within(property).getByLabelText('Estado'), 'Ciudad de México');
  await user.type(within(property).getByLabelText('Código postal'), '06700');
  await user.type(within(region('Propietario')).getByLabelText('Nombre del propietario'), 'Roberto Sánchez');
  await user.type(within(region('Renta')).getByLabelText('Renta mensual'), '18500');
}

const created = { status: 201, body: { id: 77 } };

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('policy form: Nueva Póliza, layout', () => {
  it('shows the sections, a folio generated on save, every status and type Básica by default', async () => {
    renderCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva Póliza' })).toBeInTheDocument();
    for (const name of ['Datos generales', 'Inquilinos', 'Inmueble', 'Propietario', 'Renta']) expect(region(name)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Avales/ })).not.toBeInTheDocument();

    const folio = screen.getByLabelText('Folio de Investigación');
    expect(folio).toBeDisabled();
    expect(folio).toHaveAttribute('placeholder', 'Se generará al guardar');

    // An agent sees the status read-only: only managers and admins set it from the form.
    const status = screen.getByLabelText('Estatus');
    expect(status).toHaveValue('Creada');
    expect(status).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Tipo de Póliza')).toHaveValue('basica');
    expect(screen.getByLabelText('Firma electrónica')).not.toBeChecked();
    expect(screen.getByLabelText('Tipo de inmueble')).toHaveValue('house');
    expect(within(screen.getByLabelText('Tipo de inmueble')).getByRole('option', { name: 'Casa en Condominio' })).toBeInTheDocument();
    // Only admins pick a branch.
    expect(screen.queryByLabelText('Sucursal')).not.toBeInTheDocument();

    expect(screen.getByLabelText('Renta mensual')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Inicio del contrato')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Fecha de entrega')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/policies');
    expect(screen.getByRole('button', { name: 'Crear Póliza' })).toBeInTheDocument();
  });
});

describe('policy form: the status field by role', () => {
  it('lets a manager (and an admin) pick any status', async () => {
    renderCreate({}, managerUser);
    const status = await screen.findByLabelText('Estatus');
    expect(status.tagName).toBe('SELECT');
    expect(status).toHaveValue('created');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(
      policyStatuses.map((value) => policyStatusLabels[value]),
    );
  });

  it('shows it read-only to an agent and an approver, saying who may change it', async () => {
    for (const sessionUser of [agentUser, { ...agentUser, role: 'approver' as const }]) {
      const { unmount } = renderCreateView(sessionUser);
      const status = await screen.findByLabelText('Estatus');
      expect(status.tagName).toBe('INPUT');
      expect(status).toHaveAttribute('readonly');
      expect(status).toHaveValue('Creada');
      expect(status).toHaveAccessibleDescription('Solo un gerente o administrador lo cambia aquí; los pasos del trámite están en Seguimiento.');
      unmount();
    }
  });
});

describe('policy form: the folio de póliza by role', () => {
  it('is read-only for everyone but an admin, saying the server gives it', async () => {
    for (const sessionUser of [agentUser, managerUser]) {
      const { unmount } = renderCreateView(sessionUser);
      const folio = await screen.findByLabelText('Folio de Póliza');
      expect(folio).toHaveAttribute('readonly');
      expect(folio).toHaveValue('');
      expect(folio).toHaveAccessibleDescription('Se asigna al generar los contratos');
      unmount();
    }
  });

  it('lets an admin type the folio of an old policy being registered', async () => {
    renderCreateView(adminUser);
    const user = userEvent.setup({ delay: null });
    const folio = await screen.findByLabelText('Folio de Póliza');
    expect(folio).not.toHaveAttribute('readonly');
    expect(folio).toHaveAccessibleDescription('Solo para registrar una póliza anterior; no puede repetirse');
    await user.type(folio, 'POL-2019-00042');
    expect(folio).toHaveValue('POL-2019-00042');
  });
});

describe('policy form: conditional sections', () => {
  it('type Plus shows the guarantor section with one guarantor to fill in; Básica hides it again', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByLabelText('Tipo de Póliza');
    await user.selectOptions(type, 'plus');
    const guarantors = region(/Avales/);
    expect(within(guarantors).getAllByRole('group', { name: /^Aval \d$/ })).toHaveLength(1);
    expect(within(guarantors).getByLabelText('Nombre del aval')).toHaveValue('');
    expect(within(guarantors).getByRole('button', { name: 'Eliminar aval 1' })).toBeDisabled();

    await user.click(within(guarantors).getByRole('button', { name: 'Agregar aval' }));
    expect(within(guarantors).getAllByRole('group', { name: /^Aval \d$/ })).toHaveLength(2);
    expect(within(guarantors).getByRole('button', { name: 'Eliminar aval 1' })).toBeEnabled();
    await user.click(within(guarantors).getByRole('button', { name: 'Eliminar aval 2' }));
    expect(within(guarantors).getAllByRole('group', { name: /^Aval \d$/ })).toHaveLength(1);

    await user.selectOptions(type, 'basica');
    expect(screen.queryByRole('region', { name: /Avales/ })).not.toBeInTheDocument();
    await user.selectOptions(type, 'garantiaPlus');
    expect(screen.queryByRole('region', { name: /Avales/ })).not.toBeInTheDocument();
    await user.selectOptions(type, 'plusAuto');
    expect(region(/Avales/)).toBeInTheDocument();
  });

  it('asks the guarantee address only in Plus with "same address" off, and the vehicle only in Plus Auto', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByLabelText('Tipo de Póliza');
    await user.selectOptions(type, 'plus');
    const guarantor = group('Aval 1');
    const same = within(guarantor).getByLabelText('El inmueble en garantía es el domicilio del aval');
    expect(same).toBeChecked();
    expect(within(guarantor).queryByRole('group', { name: 'Domicilio del inmueble en garantía' })).not.toBeInTheDocument();
    expect(within(guarantor).queryByRole('group', { name: 'Vehículo' })).not.toBeInTheDocument();

    await user.click(same);
    const guaranteeAddress = group('Domicilio del inmueble en garantía', guarantor);
    expect(within(guaranteeAddress).getByLabelText('Calle')).toBeInTheDocument();
    expect(within(guaranteeAddress).getByLabelText('Código postal')).toBeInTheDocument();

    await user.selectOptions(type, 'plusAuto');
    const autoGuarantor = group('Aval 1');
    expect(within(autoGuarantor).queryByLabelText('El inmueble en garantía es el domicilio del aval')).not.toBeInTheDocument();
    expect(within(autoGuarantor).queryByRole('group', { name: 'Domicilio del inmueble en garantía' })).not.toBeInTheDocument();
    const vehicle = group('Vehículo', autoGuarantor);
    for (const label of ['Marca', 'Modelo', 'Año', 'Color', 'Placas']) expect(within(vehicle).getByLabelText(label)).toBeInTheDocument();

    await user.selectOptions(type, 'plus');
    expect(within(group('Aval 1')).queryByRole('group', { name: 'Vehículo' })).not.toBeInTheDocument();
    // The switch kept its state while hidden.
    expect(group('Domicilio del inmueble en garantía', group('Aval 1'))).toBeInTheDocument();
  });

  it('maintenance amount, bank fields and real-estate fields appear with their switch', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const rent = region('Renta');

    expect(within(rent).queryByLabelText('Monto de mantenimiento')).not.toBeInTheDocument();
    await user.click(within(rent).getByLabelText('Incluye mantenimiento'));
    expect(within(rent).getByLabelText('Monto de mantenimiento')).toHaveAttribute('inputmode', 'decimal');
    await user.click(within(rent).getByLabelText('Incluye mantenimiento'));
    expect(within(rent).queryByLabelText('Monto de mantenimiento')).not.toBeInTheDocument();

    const bankFields = ['Banco', 'Titular de la cuenta', 'Número de cuenta', 'CLABE'];
    for (const label of bankFields) expect(within(rent).queryByLabelText(label)).not.toBeInTheDocument();
    await user.click(within(rent).getByLabelText('Depósito bancario'));
    for (const label of bankFields) expect(within(rent).getByLabelText(label)).toBeInTheDocument();

    expect(within(rent).queryByLabelText('Inmobiliaria')).not.toBeInTheDocument();
    await user.click(within(rent).getByLabelText('Interviene una inmobiliaria'));
    expect(within(rent).getByLabelText('Inmobiliaria')).toBeInTheDocument();
    expect(within(rent).getByLabelText('Agente inmobiliario')).toBeInTheDocument();
  });

  it('commercial services follow commercial use, and special-object details follow special objects', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const property = region('Inmueble');

    expect(within(property).queryByLabelText('Servicios comerciales')).not.toBeInTheDocument();
    expect(within(property).queryByLabelText('Detalles de los servicios comerciales')).not.toBeInTheDocument();
    await user.click(within(property).getByLabelText('Uso comercial'));
    expect(within(property).getByLabelText('Servicios comerciales')).toBeInTheDocument();
    expect(within(property).getByLabelText('Detalles de los servicios comerciales')).toBeInTheDocument();

    expect(within(property).queryByLabelText('Detalles de los objetos especiales')).not.toBeInTheDocument();
    await user.click(within(property).getByLabelText('Objetos especiales'));
    expect(within(property).getByLabelText('Detalles de los objetos especiales').tagName).toBe('TEXTAREA');
    await user.click(within(property).getByLabelText('Objetos especiales'));
    expect(within(property).queryByLabelText('Detalles de los objetos especiales')).not.toBeInTheDocument();
  });
});

describe('policy form: tenants and references', () => {
  it('adds and removes tenants; the last one cannot be removed', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const tenants = region('Inquilinos');
    expect(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' })).toBeDisabled();

    await user.click(within(tenants).getByRole('button', { name: 'Agregar inquilino' }));
    const second = group('Inquilino 2', tenants);
    expect(within(second).getByLabelText('Nombre del inquilino')).toHaveValue('');
    expect(within(second).getByRole('group', { name: 'Domicilio laboral' })).toBeInTheDocument();
    await user.type(within(second).getByLabelText('Nombre del inquilino'), 'Pedro Ruiz');
    expect(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' })).toBeEnabled();

    await user.click(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' }));
    expect(within(tenants).queryByRole('group', { name: 'Inquilino 2' })).not.toBeInTheDocument();
    expect(within(group('Inquilino 1', tenants)).getByLabelText('Nombre del inquilino')).toHaveValue('Pedro Ruiz');
    expect(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' })).toBeDisabled();
  });

  it('adds personal or family references and removes them', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const tenant = group('Inquilino 1');
    await user.click(within(tenant).getByRole('button', { name: 'Agregar referencia' }));
    await user.click(within(tenant).getByRole('button', { name: 'Agregar referencia' }));
    const reference = group('Referencia 2', tenant);
    const referenceType = within(reference).getByLabelText('Tipo de referencia');
    expect(referenceType).toHaveValue('personal');
    expect(within(referenceType).getAllByRole('option').map((option) => option.textContent)).toEqual(['Personal', 'Familiar']);
    await user.click(within(tenant).getByRole('button', { name: 'Eliminar referencia 1' }));
    await user.click(within(tenant).getByRole('button', { name: 'Eliminar referencia 1' }));
    expect(within(tenant).queryByRole('group', { name: /^Referencia \d/ })).not.toBeInTheDocument();
  });
});

describe('policy form: keyboard', () => {
  it('Enter moves to the next field and never submits; in a text area it makes a new line', async () => {
    const net = renderCreate({ 'POST /api/policy': created }, managerUser);
    const user = userEvent.setup({ delay: null });
    // The folio de póliza is read-only (the server gives it): Enter leaves it for the status.
    await user.click(await screen.findByLabelText('Folio de Póliza'));
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Estatus')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Tipo de Póliza')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Póliza anterior')).toHaveFocus();
    await user.keyboard('{Enter}');
    const signature = screen.getByLabelText('Firma electrónica');
    expect(signature).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(signature).not.toBeChecked();

    const note = screen.getByLabelText('Notas especiales');
    expect(note).toHaveFocus();
    await user.keyboard('Línea 1{Enter}Línea 2');
    expect(note).toHaveValue('Línea 1\nLínea 2');
    expect(note).toHaveFocus();

    // The same in the last sections of the form, money inputs included.
    await user.click(screen.getByLabelText('Renta mensual'));
    await user.keyboard('1000{Enter}');
    expect(screen.getByLabelText('Depósito en garantía')).toHaveFocus();

    expect(posts(net)).toHaveLength(0);
    expect(screen.queryByText('El campo Nombre del inquilino es obligatorio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Póliza' })).toBeEnabled();
  });
});

describe('policy form: saving', () => {
  it('names the missing required fields and sends nothing', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Crear Póliza' }));
    expect(await screen.findByText('El campo Nombre del inquilino es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Nombre del propietario es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Renta mensual es obligatorio')).toBeInTheDocument();
    expect(within(region('Inmueble')).getByLabelText('Calle')).toHaveAttribute('aria-invalid', 'true');
    expect(within(region('Inquilinos')).getByLabelText('Nombre del inquilino')).toHaveFocus();
    expect(posts(net)).toHaveLength(0);
  });

  it('sends the body to POST /api/policy, toasts for 4 s and returns to /policies after 1 s', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    await user.click(screen.getByLabelText('Firma electrónica'));
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith(policyMessages.created, { duration: 4000 });
    // Still on the form for a second, busy so nothing is sent twice.
    expect(screen.getByRole('button', { name: 'Creando...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'), { timeout: 3000 });

    const body = posts(net)[0]?.body as Record<string, any>;
    expect(body).toMatchObject({
      policyNumber: '',
      status: 'created',
      policyType: 'basica',
      isElectronicSignature: true,
      guarantors: [],
      tenants: [{ name: 'María López', requiresInvoice: false, references: [] }],
      property: {
        owner: { name: 'Roberto Sánchez' },
        address: { street: 'Calle Durango', exteriorNumber: '214', zipCode: '06700' },
        propertyType: 'house',
        rent: { price: 18500, bankDeposit: false, realEstate: false },
      },
    });
    // A non-admin's policy goes to their own branch: the server decides, nothing is sent.
    expect(body).not.toHaveProperty('branchId');
  });

  it('what a type or a switch hides neither blocks the save nor is sent', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    // A blank guarantor row (its name is required) left behind by a Plus that became Básica.
    await user.selectOptions(type, 'plus');
    await user.selectOptions(type, 'basica');
    const rent = region('Renta');
    await user.click(within(rent).getByLabelText('Depósito bancario'));
    await user.type(within(rent).getByLabelText('CLABE'), '12');
    await user.click(within(rent).getByLabelText('Depósito bancario'));
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(posts(net)[0]?.body).toMatchObject({ guarantors: [], property: { rent: { bankDeposit: false, clabe: '' } } });
  });

  it('a 400 shows the inline error, marks the field it names and toasts', async () => {
    const message = 'El campo Nombre del inquilino es obligatorio';
    const net = renderCreate({
      'POST /api/policy': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'La solicitud no es válida',
          details: [
            { field: 'tenants.0.name', message },
            { field: 'userId', message: 'Campo desconocido' },
          ],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(policyMessages.saveError);
    expect(alert).toHaveTextContent('La solicitud no es válida');
    // A detail about a field the form does not show is kept in the alert.
    expect(alert).toHaveTextContent('Campo desconocido');
    const name = within(region('Inquilinos')).getByLabelText('Nombre del inquilino');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveFocus();
    expect(toast.error).toHaveBeenCalledWith(policyMessages.saveErrorToast, expect.anything());
    expect(posts(net)).toHaveLength(1);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Póliza' })).toBeEnabled();
  });

  it("refuses to save without a signed-in user: 'No hay usuario autenticado'", async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    window.localStorage.removeItem('auth-storage');
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(policyMessages.noUser);
    expect(posts(net)).toHaveLength(0);
  });

  it("lets an admin choose the branch (their own by default) and sends it", async () => {
    const branches = [makeBranch({ id: 1, name: 'Sucursal Polanco' }), makeBranch({ id: 2, name: 'Sucursal Santa Fe' })];
    const net = renderCreate({ 'GET /api/branches': { body: branches }, 'POST /api/policy': created }, adminUser);
    const user = userEvent.setup({ delay: null });
    const branch = await screen.findByLabelText('Sucursal');
    expect(branch).toHaveValue('1');
    await user.selectOptions(branch, 'Sucursal Santa Fe');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));
    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(posts(net)[0]?.body).toMatchObject({ branchId: 2 });
  });
});
