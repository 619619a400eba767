import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClaimCalendarEntry } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { makeAppointment, novemberRange, rangeUrl } from './appointment-fixtures';

/* Issue 33: the incidencias' deadlines in 'Calendario de Citas', beside the appointments. */

function deadline(overrides: Partial<ClaimCalendarEntry> = {}): ClaimCalendarEntry {
  return {
    id: 300,
    claimId: 42,
    dueOn: '2026-11-24',
    description: 'Contestación de la demanda',
    doneAt: null,
    missed: false,
    createdBy: 'Lic. Marta Solís',
    createdAt: '2026-11-02T17:00:00.000Z',
    claimNumber: 'INC-00042',
    policyId: 7,
    policyFolio: 'POL-2026-00007',
    assignee: { id: 9, name: 'Lic. Marta Solís' },
    ...overrides,
  };
}

const answer = deadline();
const missed = deadline({ id: 301, claimId: 43, claimNumber: 'INC-00043', dueOn: '2026-11-10', description: 'Ofrecimiento de pruebas', missed: true });
const novemberDeadlines = 'GET /api/claims/deadlines?from=2026-10-26&to=2026-12-06';
const signing = makeAppointment({ id: 1, date: '2026-11-24', startTime: '10:00', endTime: '11:30' });

function renderCalendar(url: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser);
  const net = mockFetch({ [novemberRange]: { body: [signing] }, [novemberDeadlines]: { body: [answer, missed] }, ...routes });
  const view = renderRoute(<AppointmentsPage />, { path: '/appointments', url });
  return { net, ...view };
}

describe("'Calendario de Citas': the incidencias' deadlines", () => {
  it("shows the month's deadlines beside its appointments, marked 'Término', the missed one red with 'Vencido', each opening its case", async () => {
    const { net } = renderCalendar('/appointments?view=calendar&mode=month&date=2026-11-15');
    const chip = await screen.findByRole('link', { name: 'Término: Contestación de la demanda, INC-00042 (POL-2026-00007)' });
    const day = screen.getByTestId('month-day-2026-11-24');
    expect(within(day).getByRole('link', { name: /INC-00042/ })).toBe(chip);
    expect(within(day).getByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' })).toBeInTheDocument();
    expect(chip).toHaveAttribute('href', '/claims/42');
    expect(chip).toHaveTextContent('TérminoContestación de la demanda');
    const late = within(screen.getByTestId('month-day-2026-11-10')).getByRole('link', { name: 'Término vencido: Ofrecimiento de pruebas, INC-00043 (POL-2026-00007)' });
    expect(late).toHaveTextContent('VencidoOfrecimiento de pruebas');
    expect(late).toHaveClass('bg-red-50');
    expect(chip).not.toHaveClass('bg-red-50');
    expect(screen.getByLabelText('Mostrar términos de incidencias')).toBeChecked();
    expect(net.callsTo('GET', '/api/claims/deadlines?from=2026-10-26&to=2026-12-06')).toHaveLength(1);
  });

  it("hides them with 'Mostrar términos de incidencias', keeping the choice in the URL, and asks for nothing while hidden", async () => {
    const user = userEvent.setup({ delay: null });
    const { router, net, unmount } = renderCalendar('/appointments?view=calendar&mode=month&date=2026-11-15');
    await screen.findByRole('link', { name: /INC-00042/ });
    await user.click(screen.getByLabelText('Mostrar términos de incidencias'));
    expect(screen.queryByRole('link', { name: /INC-00042/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toContain('terminos=ocultos');
    expect(screen.getByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' })).toBeInTheDocument();
    unmount();
    const again = renderCalendar('/appointments?view=calendar&mode=week&date=2026-11-25&terminos=ocultos', { [rangeUrl('2026-11-23', '2026-11-29')]: { body: [signing] } });
    await screen.findByTestId('calendar-week');
    expect(screen.getByLabelText('Mostrar términos de incidencias')).not.toBeChecked();
    expect(again.net.calls.filter((call) => call.path.startsWith('/api/claims'))).toHaveLength(0);
    expect(net.calls.filter((call) => call.path.startsWith('/api/claims'))).toHaveLength(1);
  });

  it("gives the week a 'Términos' row above the hours, only when it has deadlines", async () => {
    const user = userEvent.setup({ delay: null });
    renderCalendar('/appointments?view=calendar&mode=week&date=2026-11-25', {
      [rangeUrl('2026-11-23', '2026-11-29')]: { body: [signing] },
      'GET /api/claims/deadlines?from=2026-11-23&to=2026-11-29': { body: [answer] },
      [rangeUrl('2026-11-30', '2026-12-06')]: { body: [] },
      'GET /api/claims/deadlines?from=2026-11-30&to=2026-12-06': { body: [] },
    });
    const row = await screen.findByTestId('week-row-deadlines');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Términos');
    expect(within(row).getAllByRole('cell')[1]).toContainElement(screen.getByRole('link', { name: /INC-00042/ }));
    await user.click(screen.getByRole('button', { name: 'Periodo siguiente' }));
    await waitFor(() => expect(screen.getByTestId('calendar-period')).toHaveTextContent('30 de noviembre'));
    await waitFor(() => expect(screen.queryByTestId('week-row-deadlines')).not.toBeInTheDocument());
  });

  it('lists a day’s deadlines above its appointments with the case, the policy and who answers for it', async () => {
    renderCalendar('/appointments?view=calendar&mode=day&date=2026-11-10', {
      [rangeUrl('2026-11-10', '2026-11-10')]: { body: [] },
      'GET /api/claims/deadlines?from=2026-11-10&to=2026-11-10': { body: [missed] },
    });
    const list = await screen.findByRole('list', { name: 'Términos de incidencias del día' });
    const link = within(list).getByRole('link', { name: /INC-00043/ });
    expect(link).toHaveAttribute('href', '/claims/43');
    expect(link).toHaveTextContent('VencidoOfrecimiento de pruebasINC-00043 · POL-2026-00007 · Lic. Marta Solís');
    expect(screen.getByText('No hay citas para este día.')).toBeInTheDocument();
  });

  it('says so when the deadlines cannot be read, and still shows the appointments', async () => {
    renderCalendar('/appointments?view=calendar&mode=month&date=2026-11-15', {
      [novemberDeadlines]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } },
    });
    expect(await screen.findByText('No se pudieron cargar los términos de incidencias.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firma de contrato — Durango 214, 10:00' })).toBeInTheDocument();
  });
});
