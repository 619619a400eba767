import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyEditPage } from '../pages/policy-edit-page';

/** Issue 28: two tabs on one policy; the second save is refused and keeps what was typed (decision 023). */
const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('policy form: someone saved first', () => {
  it('sends the loaded version, keeps the typed text on a 412, and Recargar shows the other save', { timeout: 20_000 }, async () => {
    storeSession(agentUser);
    const theirs = makePolicy({ version: 4, specialnote: 'Nota de María' });
    const net = mockFetch({
      'GET /api/policy/unique/5': [{ body: makePolicy({ version: 3, specialnote: '' }) }, { body: theirs }],
      'GET /api/policy/5/events': { body: [] },
      'POST /api/policy/update/5': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
    });
    renderRoute(<PolicyEditPage />, { path: '/policies/:id/edit', url: '/policies/5/edit' });
    const user = userEvent.setup({ delay: null });

    const note = await screen.findByLabelText('Notas especiales');
    await user.type(note, 'Nota de Pedro');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/policy/update/5')[0]?.ifMatch).toBe('"v3"');
    expect(screen.getByLabelText('Notas especiales')).toHaveValue('Nota de Pedro');
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.getByLabelText('Notas especiales')).toHaveValue('Nota de María'));
    expect(screen.queryByText(stale)).not.toBeInTheDocument();

    // The next save names the version just reloaded.
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(2));
    expect(net.callsTo('POST', '/api/policy/update/5')[1]?.ifMatch).toBe('"v4"');
  });
});
