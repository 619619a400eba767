import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, makeUser, storeSession } from '@/test/fixtures';
import { UserEditPage } from '../pages/user-edit-page';

function renderEdit(mfaEnabled: boolean) {
  storeSession();
  const net = mockFetch({
    'GET /api/branches': { body: [makeBranch({ id: 1 })] },
    'GET /api/users/10': { body: makeUser({ id: 10, mfaEnabled }) },
    'POST /api/users/10/mfa/reset': { body: makeUser({ id: 10, mfaEnabled: false }) },
  });
  renderRoute(<UserEditPage />, { path: '/admin/users/:id/edit', url: '/admin/users/10/edit' });
  return net;
}

describe("'Editar Usuario': verification in two steps", () => {
  it('shows it is on and resets it after the confirmation', async () => {
    const net = renderEdit(true);
    expect(await screen.findByText('Activada')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Restablecer verificación en dos pasos' }));
    expect(await screen.findByRole('alertdialog', { name: '¿Restablecer verificación en dos pasos?' })).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/users/10/mfa/reset')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/users/10/mfa/reset')).toHaveLength(1));
    expect(await screen.findByText('No activada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restablecer verificación en dos pasos' })).not.toBeInTheDocument();
  });

  it('offers no reset when it is off', async () => {
    renderEdit(false);
    expect(await screen.findByText('No activada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restablecer verificación en dos pasos' })).not.toBeInTheDocument();
  });
});
