import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { makeAppointment, page, searchUrl } from './appointment-fixtures';

const signing = makeAppointment({ id: 1 });
const inspection = makeAppointment({
  id: 2,
  title: 'Inspección del departamento',
  type: 'inspection',
  status: 'confirmed',
  date: '2026-12-03',
  startTime: '16:00',
  endTime: '17:00',
  attendees: [],
  googleMeetUrl: null,
});
const cancelled = makeAppointment({ id: 3, title: 'Revisión de papeles', status: 'cancelled', userId: 99 });
const completed = makeAppointment({ id: 4, title: 'Entrega de llaves', status: 'completed' });

function renderList(routes: Parameters<typeof mockFetch>[0] = {}, user = agentUser) {
  storeSession(user);
  const net = mockFetch({ [searchUrl()]: { body: page([signing, inspection]) }, ...routes });
  const view = renderRoute(<AppointmentsPage />, { path: '/appointments' });
  return { net, ...view };
}

const card = (id: number) => screen.getByTestId(`appointment-card-${id}`);

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Control de Citas: the list', () => {
  it("shows 'Cargando citas...' first, then a card per appointment with its status, date and actions", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    renderList({ [searchUrl()]: () => new Promise((resolve) => (answer = resolve)) });
    expect(screen.getByRole('heading', { level: 1, name: 'Control de Citas' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando citas...');
    expect(screen.getByRole('searchbox', { name: 'Buscar citas...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver Lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Ver Calendario' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Nueva Cita' })).toBeInTheDocument();
    answer({ body: page([signing, inspection, cancelled, completed]) });

    const first = await screen.findByRole('article', { name: 'Firma de contrato — Durango 214' });
    expect(within(first).getByText('Pendiente')).toBeInTheDocument();
    expect(within(first).getByText('martes, 24 de noviembre de 2026')).toBeInTheDocument();
    expect(within(first).getByText('10:00 – 11:30')).toBeInTheDocument();
    expect(within(first).getByText('Sucursal Polanco, sala 2')).toBeInTheDocument();
    expect(within(first).getByText('Firma de contrato')).toBeInTheDocument();
    expect(within(first).getByText('Lucía Hernández (Sin respuesta), Roberto Sánchez (Confirmó)')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'https://meet.google.com/abc-defg-hij' })).toHaveAttribute('target', '_blank');
    expect(within(first).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Descargar .ics' })).toBeInTheDocument();

    expect(within(card(2)).getByText('Confirmada')).toBeInTheDocument();
    expect(within(card(2)).getByText('Inspección del inmueble')).toBeInTheDocument();
    expect(within(card(2)).getByText('Sin asistentes')).toBeInTheDocument();
    expect(within(card(3)).getByText('Cancelada')).toBeInTheDocument();
    expect(within(card(4)).getByText('Completada')).toBeInTheDocument();
    expect(screen.getByText('4 citas')).toBeInTheDocument();
    // Four statuses, four colours.
    const statuses = ['Pendiente', 'Confirmada', 'Cancelada', 'Completada'].map((label) => screen.getByText(label).closest('[data-status]')?.className);
    expect(new Set(statuses).size).toBe(4);
  });

  it("offers 'Editar' and 'Eliminar' only to the author, a manager or an admin (the server's rule)", async () => {
    renderList({ [searchUrl()]: { body: page([signing, cancelled]) } });
    await screen.findByTestId('appointment-card-3');
    expect(within(card(1)).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(card(3)).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(card(3)).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(card(3)).getByRole('button', { name: 'Descargar .ics' })).toBeInTheDocument();
  });

  it("says 'No hay citas próximas', with another sub-message while searching", async () => {
    const { net } = renderList({ [searchUrl()]: { body: page([]) }, [searchUrl({ q: 'peñaloza' })]: { body: page([]) } });
    expect(await screen.findByText('No hay citas próximas')).toBeInTheDocument();
    expect(screen.getByText('Agende la primera con «Nueva Cita».')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Buscar citas...' }), 'peñaloza');
    expect(await screen.findByText('Ninguna cita coincide con la búsqueda')).toBeInTheDocument();
    expect(screen.getByText('No hay citas próximas')).toBeInTheDocument();
    expect(net.calls.map((call) => call.path)).toEqual([
      '/api/appo/search?when=upcoming&page=1&pageSize=5',
      `/api/appo/search?q=${encodeURIComponent('peñaloza')}&when=upcoming&page=1&pageSize=5`,
    ]);
  });

  it("opens on 'Próximas' and switches to 'Pasadas' and 'Todas', kept in the URL, asking the server for each", async () => {
    const declined = makeAppointment({
      id: 5,
      title: 'Firma pasada',
      attendees: [{ id: 51, externalId: '', name: 'Ana Ruiz', email: 'ana@example.mx', role: 'tenant', confirmed: false, response: 'no' }],
    });
    const { net, router } = renderList({ [searchUrl({ when: 'past' })]: { body: page([declined]) }, [searchUrl({ when: 'all' })]: { body: page([signing]) } });
    const tabs = within(screen.getByRole('group', { name: 'Mostrar citas' }));
    expect(tabs.getAllByRole('button').map((button) => button.textContent)).toEqual(['Próximas', 'Pasadas', 'Todas']);
    expect(tabs.getByRole('button', { name: 'Próximas' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByTestId('appointment-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(tabs.getByRole('button', { name: 'Pasadas' }));
    expect(await screen.findByText('Ana Ruiz (No asistirá)')).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Pasadas' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?cuando=pasadas');
    await user.click(tabs.getByRole('button', { name: 'Todas' }));
    await screen.findByTestId('appointment-card-1');
    expect(router.state.location.search).toBe('?cuando=todas');
    expect(net.calls.map((call) => call.path)).toEqual([
      '/api/appo/search?when=upcoming&page=1&pageSize=5',
      '/api/appo/search?when=past&page=1&pageSize=5',
      '/api/appo/search?when=all&page=1&pageSize=5',
    ]);
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    renderList({ [searchUrl({ q: 'lucia' })]: { body: page([inspection]) } });
    await screen.findByTestId('appointment-card-1');
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Buscar citas...' }), 'lucia');
    expect(await screen.findByTestId('appointment-card-2')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('appointment-card-1')).not.toBeInTheDocument());
  });

  it("shows no pager for one page, and 'Anterior' / '1 de 3' / 'Siguiente' past it, asking for each page", async () => {
    const five = [1, 2, 3, 4, 5].map((id) => makeAppointment({ id, title: `Cita ${id}` }));
    const { unmount } = renderList({ [searchUrl()]: { body: page(five, { total: 5 }) } });
    await screen.findByTestId('appointment-card-5');
    expect(screen.queryByRole('navigation', { name: 'Paginación de citas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Siguiente/ })).not.toBeInTheDocument();
    unmount();

    const { net } = renderList({
      [searchUrl()]: { body: page(five, { total: 12 }) },
      [searchUrl({ page: 2 })]: { body: page([makeAppointment({ id: 6, title: 'Cita 6' })], { total: 12, page: 2 }) },
    });
    await screen.findByTestId('appointment-card-1');
    const pager = screen.getByRole('navigation', { name: 'Paginación de citas' });
    expect(within(pager).getByText('1 de 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByTestId('appointment-card-6')).toBeInTheDocument();
    expect(within(pager).getByText('2 de 3')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/appo/search?when=upcoming&page=2&pageSize=5')).toHaveLength(1);
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeEnabled());
    await user.click(within(pager).getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByTestId('appointment-card-1')).toBeInTheDocument();
    expect(within(pager).getByText('1 de 3')).toBeInTheDocument();
  });

  it("asks '¿Estás seguro?' before deleting, sends nothing on 'Cancelar', deletes on 'Eliminar'", async () => {
    const { net } = renderList({
      [searchUrl()]: [{ body: page([signing, inspection]) }, { body: page([inspection]) }],
      'GET /api/appo/del/1': { body: { message: 'Cita eliminada' } },
    });
    await screen.findByTestId('appointment-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(within(card(1)).getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(dialog).toHaveTextContent('Esta acción eliminará permanentemente la cita y no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(net.callsTo('GET', '/api/appo/del/1')).toHaveLength(0);

    await user.click(within(card(1)).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByTestId('appointment-card-1')).not.toBeInTheDocument());
    expect(net.callsTo('GET', '/api/appo/del/1')).toHaveLength(1);
    expect(net.callsTo('GET', '/api/appo/del/1')[0]?.authorization).toBe('Bearer access-1');
    expect(toast.success).toHaveBeenCalledWith('Cita eliminada', expect.anything());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("a refused delete toasts the server's reason", async () => {
    renderList({
      'GET /api/appo/del/1': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Solo quien agendó la cita, un gerente o un administrador puede modificarla o eliminarla' },
      },
    });
    await screen.findByTestId('appointment-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(within(card(1)).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error al eliminar la cita',
        expect.objectContaining({ description: 'Solo quien agendó la cita, un gerente o un administrador puede modificarla o eliminarla' }),
      ),
    );
    expect(screen.getByTestId('appointment-card-1')).toBeInTheDocument();
  });

  it("'Descargar .ics' fetches the file with the token and saves it as cita-{id}.ics", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cita');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { net } = renderList({ 'GET /api/appo/2/ics': { body: 'BEGIN:VCALENDAR' } });
    await screen.findByTestId('appointment-card-2');
    await userEvent.setup({ delay: null }).click(within(card(2)).getByRole('button', { name: 'Descargar .ics' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('cita-2.ics');
    expect(net.callsTo('GET', '/api/appo/2/ics')[0]?.authorization).toBe('Bearer access-1');
  });

  it("a failed load says 'Error al cargar las citas' with a retry, and keeps the session on a 400", async () => {
    let calls = 0;
    renderList({
      [searchUrl()]: () =>
        calls++ === 0 ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'La búsqueda no es válida' } } : { body: page([signing]) },
    });
    expect(await screen.findByText('Error al cargar las citas')).toBeInTheDocument();
    expect(screen.getByText('La búsqueda no es válida')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Error al cargar las citas', expect.objectContaining({ description: 'La búsqueda no es válida' }));
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('appointment-card-1')).toBeInTheDocument();
  });

  it('a 500 on the list ends the session (spec section 8)', async () => {
    renderList({ [searchUrl()]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } } });
    await screen.findByText('Error al cargar las citas');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
