import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { jitsiRoomPattern } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makeSummary, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { makeAppointment, page, searchUrl } from './appointment-fixtures';

type User = ReturnType<typeof userEvent.setup>;

const stored = makeAppointment({ id: 1 });
const created = makeAppointment({ id: 20, title: 'Firma con el aval', attendees: [] });

function renderPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser);
  const net = mockFetch({
    [searchUrl()]: { body: page([stored]) },
    'POST /api/appo': { status: 201, body: created },
    'POST /api/appo/update/1': { body: stored },
    ...routes,
  });
  const view = renderRoute(<AppointmentsPage />, { path: '/appointments' });
  return { net, ...view };
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const errorOf = (control: HTMLElement) => document.getElementById(`${control.id}-error`)?.textContent;
const row = (index: number) => within(dialog()).getByRole('group', { name: `Asistente ${index + 1}` });

async function openNew(user: User) {
  await screen.findByTestId('appointment-card-1');
  await user.click(screen.getByRole('button', { name: 'Nueva Cita' }));
  return screen.findByRole('dialog', { name: 'Nueva Cita' });
}

async function fillMain(user: User, { start = '10:00', end = '11:30' } = {}) {
  await user.type(field('Título'), 'Firma con el aval');
  await user.type(field('Descripción'), 'Traer INE');
  await user.type(field('Fecha'), '2026-12-03');
  await user.type(field('Hora de inicio'), start);
  await user.type(field('Hora de fin'), end);
  await user.type(field('Ubicación'), 'Sucursal Polanco');
}

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the appointment dialog: 'Nueva Cita'", () => {
  it('opens with every field, type signature, no status, and a Meet-style link that can be made again', async () => {
    renderPage();
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    for (const label of ['Título', 'Descripción', 'Ubicación']) expect(field(label)).toHaveValue('');
    expect(field('Fecha')).toHaveAttribute('type', 'date');
    expect(field('Hora de inicio')).toHaveAttribute('type', 'time');
    expect(field('Hora de fin')).toHaveAttribute('type', 'time');
    expect(field('Tipo')).toHaveValue('signature');
    expect(within(field('Tipo')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Firma de contrato',
      'Inspección del inmueble',
      'Revisión de documentos',
      'Otro',
    ]);
    expect(within(dialog()).queryByLabelText('Estatus')).not.toBeInTheDocument();

    const link = within(screen.getByTestId('meet-link')).getByRole('link');
    const first = link.getAttribute('href')!;
    expect(first).toMatch(jitsiRoomPattern);
    expect(link).toHaveTextContent(first);
    await user.click(within(dialog()).getByRole('button', { name: 'Generar otro' }));
    const second = within(screen.getByTestId('meet-link')).getByRole('link').getAttribute('href')!;
    expect(second).toMatch(jitsiRoomPattern);
    expect(second).not.toBe(first);
    expect(within(dialog()).getByText('Sin asistentes. Use «Agregar asistente» para invitar a alguien.')).toBeInTheDocument();
  });

  it("shows the shared schema's required messages and sends nothing", async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Crear Cita' }));
    await waitFor(() => expect(errorOf(field('Título'))).toBe('El campo Título es obligatorio'));
    expect(errorOf(field('Fecha'))).toBe('El campo Fecha es obligatorio');
    expect(errorOf(field('Hora de inicio'))).toBe('El campo Hora de inicio es obligatorio');
    expect(errorOf(field('Hora de fin'))).toBe('El campo Hora de fin es obligatorio');
    expect(errorOf(field('Ubicación'))).toBe('El campo Ubicación es obligatorio');
    expect(errorOf(field('Descripción'))).toBeUndefined();
    expect(net.callsTo('POST', '/api/appo')).toHaveLength(0);
  });

  it('refuses an end time that is not after the start', async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await fillMain(user, { start: '12:00', end: '11:00' });
    await user.click(within(dialog()).getByRole('button', { name: 'Crear Cita' }));
    await waitFor(() => expect(errorOf(field('Hora de fin'))).toBe('La hora de fin debe ser posterior a la hora de inicio'));
    expect(net.callsTo('POST', '/api/appo')).toHaveLength(0);
  });

  it('adds attendees as unconfirmed tenants, removes them, and requires their name and e-mail', async () => {
    renderPage();
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Agregar asistente' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Agregar asistente' }));
    expect(within(dialog()).getAllByRole('group', { name: /^Asistente \d$/ })).toHaveLength(2);
    const role = within(row(0)).getByLabelText('Rol');
    expect(role).toHaveValue('tenant');
    expect(within(role).getAllByRole('option').map((option) => option.textContent)).toEqual(['Inquilino', 'Propietario', 'Aval', 'Agente', 'Otro']);
    // 'Confirmado' is for editing: a new attendee has not confirmed yet.
    expect(within(row(0)).queryByLabelText('Confirmado')).not.toBeInTheDocument();

    await user.type(within(row(0)).getByLabelText('Nombre'), 'Primera');
    await user.type(within(row(1)).getByLabelText('Nombre'), 'Segunda');
    await user.click(within(row(0)).getByRole('button', { name: 'Quitar asistente 1' }));
    expect(within(dialog()).getAllByRole('group', { name: /^Asistente \d$/ })).toHaveLength(1);
    expect(within(row(0)).getByLabelText('Nombre')).toHaveValue('Segunda');

    await user.clear(within(row(0)).getByLabelText('Nombre'));
    await user.click(within(dialog()).getByRole('button', { name: 'Crear Cita' }));
    await waitFor(() => expect(errorOf(within(row(0)).getByLabelText('Nombre'))).toBe('El campo Nombre es obligatorio'));
    expect(errorOf(within(row(0)).getByLabelText('Correo electrónico'))).toBe('El campo Correo electrónico es obligatorio');
  });

  it("sends the dialog's body with its attendees, toasts 'Cita creada', closes and refreshes the list", async () => {
    const { net } = renderPage({ [searchUrl()]: [{ body: page([stored]) }, { body: page([created, stored]) }] });
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await fillMain(user);
    await user.selectOptions(field('Tipo'), 'Revisión de documentos');
    const meetUrl = within(screen.getByTestId('meet-link')).getByRole('link').getAttribute('href');
    await user.click(within(dialog()).getByRole('button', { name: 'Agregar asistente' }));
    await user.type(within(row(0)).getByLabelText('Nombre'), 'Lucía Hernández');
    await user.type(within(row(0)).getByLabelText('Correo electrónico'), 'Lucia@Example.mx');
    await user.click(within(dialog()).getByRole('button', { name: 'Agregar asistente' }));
    await user.type(within(row(1)).getByLabelText('Nombre'), 'Roberto Sánchez');
    await user.type(within(row(1)).getByLabelText('Correo electrónico'), 'roberto@example.mx');
    await user.selectOptions(within(row(1)).getByLabelText('Rol'), 'Propietario');
    await user.click(within(dialog()).getByRole('button', { name: 'Crear Cita' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/appo')).toHaveLength(1);
    expect(net.callsTo('POST', '/api/appo')[0]?.body).toEqual({
      title: 'Firma con el aval',
      description: 'Traer INE',
      date: '2026-12-03',
      startTime: '10:00',
      endTime: '11:30',
      location: 'Sucursal Polanco',
      type: 'document_review',
      status: 'pending',
      googleMeetUrl: meetUrl,
      attendees: [
        { externalId: '', name: 'Lucía Hernández', email: 'lucia@example.mx', role: 'tenant', confirmed: false },
        { externalId: '', name: 'Roberto Sánchez', email: 'roberto@example.mx', role: 'owner', confirmed: false },
      ],
    });
    expect(net.callsTo('POST', '/api/appo')[0]?.authorization).toBe('Bearer access-1');
    expect(toast.success).toHaveBeenCalledWith('Cita creada', expect.anything());
    expect(await screen.findByTestId('appointment-card-20')).toBeInTheDocument();
  });

  it('names a policy of the branch, picked from the policy search by keyboard, and sends its id', async () => {
    const policy = makeSummary({ id: 77, investigationId: 'INV-01122026-1030-042', policyNumber: '', tenantNames: ['María López'] });
    const { net } = renderPage({
      'GET /api/policy/search?limit=8': { body: { items: [], nextCursor: null, total: 0, totalIsCapped: false } },
      'GET /api/policy/search?q=Mar%C3%ADa&limit=8': { body: { items: [policy], nextCursor: null, total: 1, totalIsCapped: false } },
      'GET /api/policy/unique/77': { body: { investigationId: 'INV-01122026-1030-042', policyNumber: '', tenants: [{ name: 'María López' }] } },
    });
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await fillMain(user);
    const picker = within(dialog()).getByRole('combobox', { name: 'Póliza' });
    await user.type(picker, 'María');
    expect(await within(dialog()).findByRole('option', { name: 'INV-01122026-1030-042 — María López' })).toBeInTheDocument();
    // Escape closes the list, not the dialog; the arrows open it again.
    await user.keyboard('{Escape}');
    expect(within(dialog()).queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nueva Cita' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(await within(dialog()).findByTestId('chosen-policy')).toHaveTextContent('INV-01122026-1030-042 — María López');
    await user.click(within(dialog()).getByRole('button', { name: 'Crear Cita' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/appo')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/appo')[0]?.body).toMatchObject({ title: 'Firma con el aval', policyId: 77 });
  });

  it("a refused save keeps the dialog open, puts the server's messages under their fields and toasts the reason", async () => {
    renderPage({
      'POST /api/appo': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Ingrese un correo electrónico válido',
          details: [{ field: 'attendees.0.email', message: 'Ingrese un correo electrónico válido' }],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await fillMain(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Agregar asistente' }));
    await user.type(within(row(0)).getByLabelText('Nombre'), 'Lucía');
    await user.type(within(row(0)).getByLabelText('Correo electrónico'), 'lucia@example.mx');
    await user.click(within(dialog()).getByRole('button', { name: 'Crear Cita' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Error al guardar la cita');
    expect(errorOf(within(row(0)).getByLabelText('Correo electrónico'))).toBe('Ingrese un correo electrónico válido');
    expect(toast.error).toHaveBeenCalledWith('Error al guardar la cita', expect.objectContaining({ description: 'Ingrese un correo electrónico válido' }));
    expect(screen.getByRole('dialog', { name: 'Nueva Cita' })).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("'Cancelar' closes the dialog without sending", async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    await openNew(user);
    await user.type(field('Título'), 'A medias');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe("the appointment dialog: 'Editar Cita'", () => {
  it('opens with the stored values, Estatus and Confirmado, and sends the attendees with their ids', async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('appointment-card-1');
    await user.click(within(screen.getByTestId('appointment-card-1')).getByRole('button', { name: 'Editar' }));
    await screen.findByRole('dialog', { name: 'Editar Cita' });

    expect(field('Título')).toHaveValue('Firma de contrato — Durango 214');
    expect(field('Fecha')).toHaveValue('2026-11-24');
    expect(field('Hora de inicio')).toHaveValue('10:00');
    expect(field('Hora de fin')).toHaveValue('11:30');
    expect(field('Estatus')).toHaveValue('pending');
    expect(within(field('Estatus')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pendiente', 'Confirmada', 'Cancelada', 'Completada']);
    expect(within(screen.getByTestId('meet-link')).getByRole('link')).toHaveAttribute('href', 'https://meet.google.com/abc-defg-hij');
    expect(within(row(0)).getByLabelText('Nombre')).toHaveValue('Lucía Hernández');
    expect(within(row(0)).getByLabelText('Confirmado')).not.toBeChecked();
    expect(within(row(1)).getByLabelText('Confirmado')).toBeChecked();
    expect(within(row(1)).getByLabelText('Rol')).toHaveValue('owner');

    await user.selectOptions(field('Estatus'), 'Confirmada');
    await user.clear(field('Hora de inicio'));
    await user.type(field('Hora de inicio'), '16:00');
    await user.clear(field('Hora de fin'));
    await user.type(field('Hora de fin'), '17:00');
    await user.click(within(row(0)).getByLabelText('Confirmado'));
    await user.click(within(row(1)).getByRole('button', { name: 'Quitar asistente 2' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Agregar asistente' }));
    await user.type(within(row(1)).getByLabelText('Nombre'), 'Patricia Ochoa');
    await user.type(within(row(1)).getByLabelText('Correo electrónico'), 'patricia@example.mx');
    await user.selectOptions(within(row(1)).getByLabelText('Rol'), 'Aval');
    await user.click(within(dialog()).getByRole('button', { name: 'Guardar Cambios' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/appo/update/1')[0]?.body).toEqual({
      title: 'Firma de contrato — Durango 214',
      description: 'Traer identificación oficial',
      date: '2026-11-24',
      startTime: '16:00',
      endTime: '17:00',
      location: 'Sucursal Polanco, sala 2',
      type: 'signature',
      status: 'confirmed',
      googleMeetUrl: 'https://meet.google.com/abc-defg-hij',
      // The dialog states the policy it names (none): a null the server reads as "no policy".
      policyId: null,
      // A stored attendee carries the answer time the dialog saw (none yet), so an answer sent
      // while the dialog was open keeps its 'Confirmado'.
      attendees: [
        { id: 11, externalId: '', name: 'Lucía Hernández', email: 'lucia@example.mx', role: 'tenant', confirmed: true, answerSeenAt: null },
        { externalId: '', name: 'Patricia Ochoa', email: 'patricia@example.mx', role: 'guarantor', confirmed: false },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith('Cita actualizada', expect.anything());
  });
});
