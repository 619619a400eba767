import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AccountPage } from '../pages/account-page';

const account: Account = {
  id: agentUser.id,
  email: 'agente@example.com',
  firstName: 'Rosa',
  lastName: 'Martínez',
  role: 'agent',
  branchId: 1,
  branchName: 'Polanco',
  emailKinds: ['investigation_approved', 'investigation_rejected', 'policy_expiring', 'appointment_reminder', 'job_failed'],
};

function renderAccount(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser, 'access-1', 'refresh-del-agente');
  const net = mockFetch({ 'GET /api/account': { body: account }, ...routes });
  renderRoute(<AccountPage />, { path: '/account' });
  return net;
}

describe("'Mi cuenta'", () => {
  it('shows the user\'s own data read-only', async () => {
    renderAccount();
    expect(await screen.findByText('Rosa Martínez')).toBeInTheDocument();
    expect(screen.getByText('agente@example.com')).toBeInTheDocument();
    expect(screen.getByText('Polanco')).toBeInTheDocument();
    expect(screen.getByText('Agente')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nombre' })).not.toBeInTheDocument();
  });

  it('changes the password with this session\'s refresh token, and shows the server\'s 400 under the field', async () => {
    const net = renderAccount({
      'POST /api/account/password': [
        { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'La contraseña actual no es correcta', details: [{ field: 'currentPassword', message: 'La contraseña actual no es correcta' }] } },
        { status: 204 },
      ],
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Contraseña actual'), 'equivocada');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva-Clave-2026');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva-Clave-2026');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña actual')).toHaveFocus();

    await user.clear(screen.getByLabelText('Contraseña actual'));
    await user.type(screen.getByLabelText('Contraseña actual'), 'Password-123');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/account/password')).toHaveLength(2));
    expect(net.callsTo('POST', '/api/account/password')[1]!.body).toEqual({
      currentPassword: 'Password-123',
      newPassword: 'Nueva-Clave-2026',
      confirmPassword: 'Nueva-Clave-2026',
      refreshToken: 'refresh-del-agente',
    });
    await waitFor(() => expect(screen.getByLabelText('Contraseña actual')).toHaveValue(''));
  });

  it('checks the rules before sending: short and unconfirmed passwords', async () => {
    const net = renderAccount();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Contraseña actual'), 'Password-123');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'corta');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/account/password')).toHaveLength(0);
  });

  it('saves which kinds come by e-mail; failed jobs are offered to admins only', async () => {
    const net = renderAccount({ 'PUT /api/account/notification-preferences': ({ body }) => ({ body: { ...account, ...(body as object) } }) });
    const user = userEvent.setup({ delay: null });
    const renewals = await screen.findByRole('checkbox', { name: 'Renovación creada' });
    expect(renewals).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Investigación aprobada' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Fallas de tareas/ })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Guardar preferencias' });
    expect(save).toBeDisabled();

    await user.click(renewals);
    await user.click(screen.getByRole('checkbox', { name: 'Investigación aprobada' }));
    await user.click(save);
    await waitFor(() => expect(net.callsTo('PUT', '/api/account/notification-preferences')).toHaveLength(1));
    // The admin-only kind the user cannot see keeps its saved value.
    expect(net.callsTo('PUT', '/api/account/notification-preferences')[0]!.body).toEqual({
      emailKinds: ['investigation_rejected', 'policy_expiring', 'appointment_reminder', 'renewal_created', 'job_failed'],
    });
  });

  it('offers a retry when the account cannot be loaded', async () => {
    renderAccount({ 'GET /api/account': [{ status: 500, body: { statusCode: 500, error: 'x', message: 'Error interno' } }, { body: account }] });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Rosa Martínez')).toBeInTheDocument();
  });
});
