import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { makeAppointment, page, searchUrl } from './appointment-fixtures';

/** Issue 28: the appointment open in two tabs; the second save is refused and keeps what was typed (decision 023). */
const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('appointment dialog: someone saved first', () => {
  it('sends the version it opened at, keeps the typed title on a 412, and Recargar shows the other save', { timeout: 20_000 }, async () => {
    storeSession(agentUser);
    const net = mockFetch({
      [searchUrl()]: { body: page([makeAppointment({ id: 1, version: 4 })]) },
      'GET /api/appo/1': { body: makeAppointment({ id: 1, title: 'Firma (María)', version: 5 }) },
      'POST /api/appo/update/1': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
    });
    renderRoute(<AppointmentsPage />, { path: '/appointments' });
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('appointment-card-1');
    await user.click(within(screen.getByTestId('appointment-card-1')).getByRole('button', { name: 'Editar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Cita' }));

    await user.clear(dialog.getByLabelText('Título'));
    await user.type(dialog.getByLabelText('Título'), 'Firma (Pedro)');
    await user.click(dialog.getByRole('button', { name: 'Guardar Cambios' }));

    expect(await dialog.findByText(stale)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/appo/update/1')[0]?.ifMatch).toBe('"v4"');
    expect(dialog.getByLabelText('Título')).toHaveValue('Firma (Pedro)');
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(dialog.getByLabelText('Título')).toHaveValue('Firma (María)'));
    expect(dialog.queryByText(stale)).not.toBeInTheDocument();
  });
});
