import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { makeAppointment, novemberRange, page, rangeUrl, searchUrl } from './appointment-fixtures';

const signing = makeAppointment({ id: 1, date: '2026-11-24', startTime: '10:00', endTime: '11:30' });
const busyDay = [9, 10, 11, 12, 13].map((hour, index) =>
  makeAppointment({ id: 30 + index, title: `Visita ${index + 1}`, date: '2026-11-14', startTime: `${String(hour).padStart(2, '0')}:00`, endTime: `${hour}:45` }),
);
const untitled = makeAppointment({ id: 2, title: '', date: '2026-11-25', startTime: '15:30', endTime: '16:00', status: 'confirmed' });
const early = makeAppointment({ id: 3, title: 'Desayuno con propietario', date: '2026-11-26', startTime: '07:30', endTime: '08:15' });

const weekRange = rangeUrl('2026-11-23', '2026-11-29');

function renderCalendar(url: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser);
  const net = mockFetch({
    [searchUrl()]: { body: page([]) },
    [novemberRange]: { body: [...busyDay, signing, untitled, early] },
    [weekRange]: { body: [signing, untitled, early] },
    ...routes,
  });
  const view = renderRoute(<AppointmentsPage />, { path: '/appointments', url });
  return { net, ...view };
}

const monthUrl = '/appointments?view=calendar&mode=month&date=2026-11-15';
const weekUrl = '/appointments?view=calendar&mode=week&date=2026-11-25';
// The calendar also asks for the incidencias' deadlines of the same days (issue 33): these are the appointments' calls.
const appointmentCalls = (net: ReturnType<typeof mockFetch>) => net.calls.map((call) => call.path).filter((path) => path.startsWith('/api/appo'));
const cellText = (cell: HTMLElement) => within(cell).getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Calendario de Citas': month", () => {
  it('is a Monday-first grid of whole weeks, asking only for the days it shows', async () => {
    const { net } = renderCalendar(monthUrl);
    const grid = await screen.findByTestId('calendar-month');
    expect(screen.getByRole('heading', { level: 2, name: 'Calendario de Citas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver Calendario' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Mes' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('noviembre de 2026');
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom']);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveAttribute('data-testid', 'month-day-2026-10-26');
    expect(within(rows[0]!).getAllByRole('cell')[6]).toHaveAttribute('data-testid', 'month-day-2026-11-01');
    expect(within(rows[5]!).getAllByRole('cell')[6]).toHaveAttribute('data-testid', 'month-day-2026-12-06');
    expect(appointmentCalls(net)).toEqual(['/api/appo?from=2026-10-26&to=2026-12-06']);
    expect(net.callsTo('GET', '/api/claims/deadlines?from=2026-10-26&to=2026-12-06')).toHaveLength(1);
    // The list is not asked for while the calendar is shown.
    expect(net.callsTo('GET', '/api/appo/search?when=upcoming&page=1&pageSize=5')).toHaveLength(0);
  });

  it("shows at most 3 appointments a day plus '+N más', which opens that day", async () => {
    renderCalendar(monthUrl, { [rangeUrl('2026-11-14', '2026-11-14')]: { body: busyDay } });
    const cell = await screen.findByTestId('month-day-2026-11-14');
    expect(cellText(cell)).toEqual([
      'Ver el día sábado, 14 de noviembre de 2026',
      // The phone's compact cell: a dot and the count (CSS shows it below 640 px, the chips above).
      '5 citas el sábado, 14 de noviembre de 2026',
      'Visita 1, 09:00',
      'Visita 2, 10:00',
      'Visita 3, 11:00',
      '+2 más',
    ]);
    expect(cellText(screen.getByTestId('month-day-2026-11-24'))).toContain('Firma de contrato — Durango 214, 10:00');
    expect(cellText(screen.getByTestId('month-day-2026-11-25'))).toContain('Sin título, 15:30');

    await userEvent.setup({ delay: null }).click(within(cell).getByRole('button', { name: '+2 más' }));
    const day = await screen.findByTestId('calendar-day');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('sábado, 14 de noviembre de 2026');
    expect(screen.getByRole('button', { name: 'Día' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(day).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Visita 1, 09:00',
      'Visita 2, 10:00',
      'Visita 3, 11:00',
      'Visita 4, 12:00',
      'Visita 5, 13:00',
    ]);
  });

  it('fits a phone: seven columns with no fixed width, and the chosen day listed below the grid', async () => {
    renderCalendar('/appointments?view=calendar&mode=month&date=2026-11-14', { [rangeUrl('2026-11-14', '2026-11-14')]: { body: busyDay } });
    const table = await screen.findByTestId('calendar-month');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    // Only from 640 px up does the month keep the wide grid's minimum width (the week and day scroll sideways).
    expect(table.className).toContain('sm:min-w-[48rem]');
    expect(table.className).not.toMatch(/(^|\s)min-w-/);
    const list = await screen.findByTestId('month-day-list');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(5));
    expect(within(list).getByRole('heading')).toHaveTextContent('sábado, 14 de noviembre de 2026');
    await userEvent.setup({ delay: null }).click(within(screen.getByTestId('month-day-2026-11-14')).getByRole('button', { name: '5 citas el sábado, 14 de noviembre de 2026' }));
    expect(await screen.findByTestId('calendar-day')).toBeInTheDocument();
  });

  it("moves a month back and forth, and 'Hoy' comes back to today's month in Mexico City", async () => {
    // 2027-01-01 03:00 UTC is still 31 December 2026 in Mexico City.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T03:00:00Z'));
    const { net } = renderCalendar('/appointments?view=calendar', {
      [rangeUrl('2026-11-30', '2027-01-03')]: { body: [] },
      [rangeUrl('2026-12-28', '2027-01-31')]: { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('calendar-month');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('diciembre de 2026');
    expect(screen.getByTestId('month-day-2026-12-31').querySelector('[aria-current="date"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Periodo siguiente' }));
    await waitFor(() => expect(screen.getByTestId('calendar-period')).toHaveTextContent('enero de 2027'));
    await user.click(screen.getByRole('button', { name: 'Periodo anterior' }));
    await user.click(screen.getByRole('button', { name: 'Periodo anterior' }));
    await waitFor(() => expect(screen.getByTestId('calendar-period')).toHaveTextContent('noviembre de 2026'));
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(screen.getByTestId('calendar-period')).toHaveTextContent('diciembre de 2026'));
    expect(appointmentCalls(net)).toEqual([
      '/api/appo?from=2026-11-30&to=2027-01-03',
      '/api/appo?from=2026-12-28&to=2027-01-31',
      // Back to December is served from the cache and refreshed.
      '/api/appo?from=2026-11-30&to=2027-01-03',
      '/api/appo?from=2026-10-26&to=2026-12-06',
      '/api/appo?from=2026-11-30&to=2027-01-03',
    ]);
  });
});

describe("'Calendario de Citas': week and day", () => {
  it("runs Monday to Sunday, 8:00 to 18:00 (11 rows), each appointment at its start hour, 'Sin título' without a title", async () => {
    renderCalendar(weekUrl);
    const grid = await screen.findByTestId('calendar-week');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('semana del 23 al 29 de noviembre de 2026');
    const headers = within(grid).getAllByRole('columnheader').slice(1);
    expect(headers.map((th) => th.textContent)).toEqual(['lun23', 'mar24', 'mié25', 'jue26', 'vie27', 'sáb28', 'dom29']);
    const hours = within(grid).getAllByRole('rowheader').map((th) => th.textContent);
    expect(hours).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00']);
    expect(within(screen.getByTestId('week-cell-2026-11-24-10')).getByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' })).toBeInTheDocument();
    expect(within(screen.getByTestId('week-cell-2026-11-25-15')).getByRole('button', { name: 'Sin título, 15:30' })).toHaveTextContent('15:30Sin título');
    // Before 8:00: in the first row, with its real time on it.
    expect(within(screen.getByTestId('week-cell-2026-11-26-8')).getByRole('button', { name: 'Desayuno con propietario, 07:30' })).toBeInTheDocument();
  });

  it("says 'No hay citas para este día.' for an empty day, and switches views", async () => {
    const { net } = renderCalendar('/appointments?view=calendar&mode=day&date=2026-11-27', { [rangeUrl('2026-11-27', '2026-11-27')]: { body: [] } });
    expect(await screen.findByText('No hay citas para este día.')).toBeInTheDocument();
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('viernes, 27 de noviembre de 2026');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    expect(await screen.findByTestId('calendar-week')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mes' }));
    expect(await screen.findByTestId('calendar-month')).toBeInTheDocument();
    expect(appointmentCalls(net)).toEqual([
      '/api/appo?from=2026-11-27&to=2026-11-27',
      '/api/appo?from=2026-11-23&to=2026-11-29',
      '/api/appo?from=2026-10-26&to=2026-12-06',
    ]);
    await user.click(screen.getByRole('button', { name: 'Ver Lista' }));
    expect(await screen.findByText('No hay citas próximas')).toBeInTheDocument();
  });

  it("a failed load says 'Error al cargar las citas' with a retry", async () => {
    let calls = 0;
    renderCalendar(weekUrl, {
      [weekRange]: () => (calls++ === 0 ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'El rango de fechas no es válido' } } : { body: [signing] }),
    });
    expect(await screen.findByText('Error al cargar las citas')).toBeInTheDocument();
    expect(screen.getByText('El rango de fechas no es válido')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' })).toBeInTheDocument();
  });
});

describe('the detail popup', () => {
  it('shows date, schedule, description, location, link and attendees, and downloads the .ics', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cita');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { net } = renderCalendar(weekUrl, { 'GET /api/appo/1/ics': { body: 'BEGIN:VCALENDAR' } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' }));
    const detail = await screen.findByRole('dialog', { name: 'Firma de contrato — Durango 214' });
    const value = (label: string) => within(detail).getByText(label).nextElementSibling?.textContent;
    expect(value('Fecha')).toBe('martes, 24 de noviembre de 2026');
    expect(value('Horario')).toBe('10:00 – 11:30');
    expect(value('Descripción')).toBe('Traer identificación oficial');
    expect(value('Ubicación')).toBe('Sucursal Polanco, sala 2');
    expect(value('Tipo')).toBe('Firma de contrato');
    expect(within(detail).getByText('Pendiente')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'https://meet.google.com/abc-defg-hij' })).toHaveAttribute('href', 'https://meet.google.com/abc-defg-hij');
    expect(value('Asistentes')).toContain('Lucía Hernández');
    expect(value('Asistentes')).toContain('Roberto Sánchez');
    expect(value('Asistentes')).toContain('Propietario · Confirmó');

    await user.click(within(detail).getByRole('button', { name: 'Descargar .ics' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('cita-1.ics');
    expect(net.callsTo('GET', '/api/appo/1/ics')[0]?.authorization).toBe('Bearer access-1');
  });

  it("'Editar' opens the same dialog on the appointment; saving refreshes the calendar", async () => {
    const moved = { ...signing, startTime: '12:00', endTime: '13:00' };
    const { net } = renderCalendar(weekUrl, {
      [weekRange]: [{ body: [signing] }, { body: [moved] }],
      'POST /api/appo/update/1': { body: moved },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar Cita' });
    await user.clear(within(form).getByLabelText('Hora de inicio'));
    await user.type(within(form).getByLabelText('Hora de inicio'), '12:00');
    await user.clear(within(form).getByLabelText('Hora de fin'));
    await user.type(within(form).getByLabelText('Hora de fin'), '13:00');
    await user.click(within(form).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(screen.getByTestId('week-cell-2026-11-24-12')).findByRole('button', { name: 'Firma de contrato — Durango 214, 12:00' })).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/appo/update/1')[0]?.body).toMatchObject({ startTime: '12:00', endTime: '13:00' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Eliminar' asks first, then deletes and closes the popup", async () => {
    const { net } = renderCalendar(weekUrl, {
      [weekRange]: [{ body: [signing] }, { body: [] }],
      'GET /api/appo/del/1': { body: { message: 'Cita eliminada' } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(confirm).toHaveTextContent('Esta acción eliminará permanentemente la cita y no se puede deshacer.');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(net.callsTo('GET', '/api/appo/del/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' })).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Cita eliminada', expect.anything());
  });

  it("shows no 'Editar' or 'Eliminar' to another agent", async () => {
    renderCalendar(weekUrl, { [weekRange]: { body: [{ ...signing, userId: 99 }] } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' }));
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByRole('button', { name: 'Descargar .ics' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it("'Nueva Cita' from the calendar starts on the day it shows", async () => {
    renderCalendar('/appointments?view=calendar&mode=day&date=2026-11-24', { [rangeUrl('2026-11-24', '2026-11-24')]: { body: [signing] } });
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('calendar-day');
    await user.click(screen.getByRole('button', { name: 'Nueva Cita' }));
    expect(within(await screen.findByRole('dialog', { name: 'Nueva Cita' })).getByLabelText('Fecha')).toHaveValue('2026-11-24');
  });
});
