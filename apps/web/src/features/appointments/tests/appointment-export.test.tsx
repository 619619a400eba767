import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { makeAppointment, page, searchUrl } from './appointment-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Control de Citas: Exportar CSV / XLSX', () => {
  it('exports the list’s search as a dated file; the calendar has no export', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    storeSession(agentUser);
    const net = mockFetch({
      [searchUrl()]: { body: page([makeAppointment({ id: 1 })]) },
      'GET /api/appo/export?format=xlsx': { body: 'xlsx' },
    });
    renderRoute(<AppointmentsPage />, { path: '/appointments' });
    await screen.findByTestId('appointment-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^citas_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(net.callsTo('GET', '/api/appo/export?format=xlsx')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Ver Calendario' }));
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
  });
});
