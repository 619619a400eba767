import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AddendumEditPage } from '../pages/addendum-edit-page';
import { itemUrl, makeAddendum } from './addendum-fixtures';

/** Issue 28: the addendum open in two tabs; the second save is refused and keeps what was typed (decision 023). */
const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('addendum form: someone saved first', () => {
  it('sends the loaded version, keeps the typed text on a 412, and Recargar shows the other save', { timeout: 20_000 }, async () => {
    storeSession(agentUser);
    const net = mockFetch({
      [itemUrl(3)]: [{ body: [makeAddendum({ id: 3, status: 'active', version: 2 })] }, { body: [makeAddendum({ id: 3, status: 'active', description: 'Texto de María', version: 3 })] }],
      'POST /api/addendum/3': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
    });
    renderRoute(<AddendumEditPage />, { path: '/addendums/:id/edit', url: '/addendums/3/edit' });
    const user = userEvent.setup({ delay: null });

    const description = await screen.findByLabelText('Descripción');
    await user.clear(description);
    await user.type(description, 'Texto de Pedro');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/addendum/3')[0]?.ifMatch).toBe('"v2"');
    expect(screen.getByLabelText('Descripción')).toHaveValue('Texto de Pedro');
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.getByLabelText('Descripción')).toHaveValue('Texto de María'));
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
  });
});
