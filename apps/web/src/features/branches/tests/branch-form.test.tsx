import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, makeUser, storeSession } from '@/test/fixtures';
import { BranchCreatePage } from '../pages/branch-create-page';
import { BranchEditPage } from '../pages/branch-edit-page';

const managersPath = 'GET /api/users?role=manager&status=active';
const managers = [
  makeUser({ id: 21, firstName: 'Marta', lastName: 'Gómez', role: 'manager' }),
  makeUser({ id: 22, firstName: 'Jorge', lastName: 'Ríos', role: 'manager' }),
];

function renderCreate(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  const net = mockFetch({ [managersPath]: { body: managers }, ...routes });
  renderRoute(<BranchCreatePage />, { path: '/admin/branches/new' });
  return net;
}

function renderEdit(branch = makeBranch({ id: 4 }), routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  const net = mockFetch({ [managersPath]: { body: managers }, [`GET /api/branches/${branch.id}`]: { body: branch }, ...routes });
  renderRoute(<BranchEditPage />, { path: '/admin/branches/:id/edit', url: `/admin/branches/${branch.id}/edit` });
  return net;
}

async function fillBranch(user: ReturnType<typeof userEvent.setup>, zipCode: string) {
  await user.type(screen.getByLabelText('Nombre'), 'Sucursal Coyoacán');
  await user.type(screen.getByLabelText('Calle'), 'Av. Miguel Ángel de Quevedo');
  await user.type(screen.getByLabelText('Número exterior'), '500');
  await user.type(screen.getByLabelText('Colonia'), 'Romero de Terreros');
  await user.type(screen.getByLabelText('Alcaldía / Municipio'), 'Coyoacán');
  await user.type(screen.getByLabelText('Estado'), 'Ciudad de México');
  await user.type(screen.getByLabelText('Código postal'), zipCode);
  await user.type(screen.getByLabelText('Teléfono'), '5555540000');
  await user.type(screen.getByLabelText('Correo electrónico'), 'coyoacan@example.com');
}

describe('branch form: Nueva Sucursal', () => {
  it("offers 'Sin gerente' (the default) and the active managers; no status field", async () => {
    const net = renderCreate();
    const manager = await screen.findByLabelText('Gerente');
    expect(manager).toHaveValue('');
    const options = within(manager).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Sin gerente', 'Marta Gómez', 'Jorge Ríos']);
    expect(net.callsTo('GET', '/api/users?role=manager&status=active')).toHaveLength(1);
    expect(screen.queryByLabelText('Estatus')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nueva Sucursal' })).toBeInTheDocument();
  });

  it('the zip code must be exactly 5 digits', async () => {
    const net = renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Gerente');
    const zip = screen.getByLabelText('Código postal');
    expect(zip).toHaveAttribute('inputmode', 'numeric');
    expect(zip).toHaveAttribute('maxlength', '5');
    await fillBranch(user, '0431');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    expect(await screen.findByText('El código postal debe tener exactamente 5 dígitos')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', '/api/branches')).toHaveLength(0);
  });

  it('requires the address and contact fields, but not the interior number', async () => {
    const net = renderCreate();
    await screen.findByLabelText('Gerente');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    expect(await screen.findByText('El campo Nombre es obligatorio')).toBeInTheDocument();
    for (const field of ['Calle', 'Número exterior', 'Colonia', 'Alcaldía / Municipio', 'Estado', 'Código postal', 'Teléfono', 'Correo electrónico']) {
      expect(screen.getByText(`El campo ${field} es obligatorio`)).toBeInTheDocument();
    }
    expect(screen.queryByText('El campo Número interior es obligatorio')).not.toBeInTheDocument();
    expect(net.callsTo('POST', '/api/branches')).toHaveLength(0);
  });

  it("sends 'Sin gerente' as null and a chosen manager as the user's id, then returns to the list", async () => {
    const net = renderCreate({ 'POST /api/branches': { status: 201, body: makeBranch({ id: 9 }) } });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Gerente');
    await fillBranch(user, '04310');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/branches'));
    expect(net.callsTo('POST', '/api/branches')[0]?.body).toEqual({
      name: 'Sucursal Coyoacán',
      address: {
        street: 'Av. Miguel Ángel de Quevedo',
        exteriorNumber: '500',
        interiorNumber: '',
        colony: 'Romero de Terreros',
        municipality: 'Coyoacán',
        state: 'Ciudad de México',
        zipCode: '04310',
      },
      phone: '5555540000',
      email: 'coyoacan@example.com',
      manager: null,
      expiryNoticeDays: 30,
      paperSize: 'letter',
      // Issue 35's defaults: pagarés with e.firma (else paper), the rest simple, all at once, 15 days, 3 reminders.
      signatureMethodLease: 'simple',
      signatureMethodPolicy: 'simple',
      signatureMethodPromissoryNotes: 'efirma',
      signingOrder: 'parallel',
      signingRoundDays: 15,
      signingReminderMax: 3,
      retainRejectedDocumentsMonths: 6,
      retainEndedPolicyDocumentsYears: 10,
      retainClosedClaimsYears: 10,
      rentReminderDays: 3,
      maxRentIncreasePercent: null,
      maxRentIncreaseSource: '',
      requireFeeBeforeContracts: false,
      commissionPercent: '20.00',
      status: 'active',
    });
  });

  it("groups the retention periods (6 months, 10 years by default) and sends an emptied one as never (null)", async () => {
    const net = renderCreate({ 'POST /api/branches': { status: 201, body: makeBranch({ id: 9 }) } });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Gerente');
    const group = screen.getByRole('group', { name: 'Retención de documentos' });
    expect(within(group).getByText(/Vacío = no se eliminan nunca/)).toBeInTheDocument();
    const months = within(group).getByLabelText('Documentos de investigaciones rechazadas (meses)');
    const years = within(group).getByLabelText('Documentos de pólizas terminadas (años)');
    expect(months).toHaveValue('6');
    expect(years).toHaveValue('10');
    expect(within(group).getByLabelText('Incidencias cerradas (años)')).toHaveValue('10');
    await user.clear(months);
    await user.clear(years);
    await user.type(years, '40');
    await fillBranch(user, '04310');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    expect(await screen.findByText('El campo Documentos de pólizas terminadas (años) debe estar entre 1 y 30, o vacío para no eliminarlos nunca')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/branches')).toHaveLength(0);
    await user.clear(years);
    await user.type(years, '5');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches')[0]?.body).toMatchObject({ retainRejectedDocumentsMonths: null, retainEndedPolicyDocumentsYears: 5, retainClosedClaimsYears: 10 });
  });

  it("sends the chosen paper size (Carta by default, A4 when chosen)", async () => {
    const net = renderCreate({ 'POST /api/branches': { status: 201, body: makeBranch({ id: 9 }) } });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Gerente');
    const paper = screen.getByLabelText('Tamaño de papel de los documentos');
    expect(paper).toHaveDisplayValue('Carta');
    await user.selectOptions(paper, 'A4');
    await fillBranch(user, '04310');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches')[0]?.body).toMatchObject({ paperSize: 'a4' });
  });

  it("shows and keeps a branch's A4 paper on edit", async () => {
    const branch = makeBranch({ id: 4, paperSize: 'a4' });
    const net = renderEdit(branch, { 'POST /api/branches/4': { body: branch } });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByLabelText('Tamaño de papel de los documentos')).toHaveDisplayValue('A4');
    await user.selectOptions(screen.getByLabelText('Tamaño de papel de los documentos'), 'Carta');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/4')[0]?.body).toMatchObject({ paperSize: 'letter' });
  });

  it('sends a typed code upper-cased and the notice days, and names a bad code without sending', async () => {
    const net = renderCreate({ 'POST /api/branches': { status: 201, body: makeBranch({ id: 9 }) } });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Gerente');
    await fillBranch(user, '04310');
    await user.type(screen.getByLabelText('Clave'), 'c-1');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    expect(await screen.findByText('El campo Clave debe tener de 2 a 6 letras mayúsculas o dígitos')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/branches')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Clave'));
    await user.type(screen.getByLabelText('Clave'), 'coy');
    const notice = screen.getByLabelText(/Aviso de vencimiento/);
    await user.clear(notice);
    await user.type(notice, '45');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches')[0]?.body).toMatchObject({ code: 'COY', expiryNoticeDays: 45 });
  });

  it('sends the chosen manager id', async () => {
    const net = renderCreate({ 'POST /api/branches': { status: 201, body: makeBranch({ id: 9 }) } });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Gerente'), 'Jorge Ríos');
    await fillBranch(user, '04310');
    await user.click(screen.getByRole('button', { name: 'Crear Sucursal' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches')[0]?.body).toMatchObject({ manager: 22 });
  });
});

describe('branch form: Editar Sucursal', () => {
  it('shows the status field and keeps the current manager listed even if no longer an active manager', async () => {
    renderEdit(makeBranch({ id: 4, manager: 35, managerName: 'Ernesto', status: 'inactive' }));
    expect(await screen.findByLabelText('Estatus')).toHaveValue('inactive');
    const manager = screen.getByLabelText('Gerente');
    expect(manager).toHaveValue('35');
    expect(within(manager).getByRole('option', { name: 'Ernesto' })).toBeInTheDocument();
    expect(within(manager).getByRole('option', { name: 'Sin gerente' })).toBeInTheDocument();
    expect(screen.getByLabelText('Código postal')).toHaveValue('11560');
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeInTheDocument();
  });

  it('saves the full record with the status', async () => {
    const net = renderEdit(makeBranch({ id: 4, manager: 21, managerName: 'Marta' }), {
      'POST /api/branches/4': { body: makeBranch({ id: 4 }) },
    });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Estatus'), 'Inactivo');
    await user.selectOptions(screen.getByLabelText('Gerente'), 'Sin gerente');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/4')[0]?.body).toMatchObject({ status: 'inactive', manager: null, name: 'Sucursal 4' });
  });

  it("says 'Error al cargar la sucursal' when it cannot be loaded", async () => {
    storeSession();
    mockFetch({
      [managersPath]: { body: managers },
      'GET /api/branches/4': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno. Intente nuevamente.' } },
    });
    renderRoute(<BranchEditPage />, { path: '/admin/branches/:id/edit', url: '/admin/branches/4/edit' });
    expect(await screen.findByText('Error al cargar la sucursal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
