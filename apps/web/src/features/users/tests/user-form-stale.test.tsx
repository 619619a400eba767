import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, makeBranch, makeUser, storeSession } from '@/test/fixtures';
import { UserEditPage } from '../pages/user-edit-page';

/** Issue 28: one user open in two tabs; the second save is refused and keeps what was typed (decision 023). */
const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';

beforeEach(() => vi.spyOn(toast, 'error'));
afterEach(() => vi.restoreAllMocks());

describe('user form: someone saved first', () => {
  it('sends the loaded version, keeps the typed name on a 412, and Recargar shows the other save', { timeout: 20_000 }, async () => {
    storeSession(adminUser);
    const net = mockFetch({
      'GET /api/branches': { body: [makeBranch({ id: 1, name: 'Sucursal Polanco' })] },
      'GET /api/users/10': [{ body: makeUser({ id: 10, version: 7 }) }, { body: makeUser({ id: 10, firstName: 'Luisa', version: 8 }) }],
      'POST /api/users/10': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
    });
    renderRoute(<UserEditPage />, { path: '/admin/users/:id/edit', url: '/admin/users/10/edit' });
    const user = userEvent.setup({ delay: null });

    const name = await screen.findByLabelText('Nombre');
    await user.clear(name);
    await user.type(name, 'Luis Alberto');
    await user.click(screen.getByRole('button', { name: /Guardar|Actualizar/ }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/users/10')[0]?.ifMatch).toBe('"v7"');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Luis Alberto');

    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveValue('Luisa'));
  });
});
