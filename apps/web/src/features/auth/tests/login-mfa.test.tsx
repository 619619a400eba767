import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser } from '@/test/fixtures';
import { LoginPage } from '../pages/login-page';
import { MfaSetupPage } from '../pages/mfa-setup-page';

const tokens = { token: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, user: adminUser };

async function passwordStep() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Correo electrónico'), 'admin@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'Admin12345');
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  return user;
}

describe('sign-in with verification in two steps', () => {
  it('asks for the code after the password, refuses a wrong one, and signs in with the right one', async () => {
    const net = mockFetch({
      'POST /api/auth/login': { body: { mfaRequired: true, challenge: 'reto-1' } },
      'POST /api/auth/login/mfa': [
        { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'El código de verificación no es válido' } },
        { body: tokens },
      ],
    });
    renderRoute(<LoginPage />, { path: '/login', url: '/login?redirectTo=%2Fpolicies' });
    const user = await passwordStep();
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    const code = screen.getByLabelText('Código de verificación');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(localStorage.getItem('auth_token')).toBeNull();

    await user.type(code, '12a3456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('El código de verificación no es válido');
    expect(net.callsTo('POST', '/api/auth/login/mfa')[0]!.body).toEqual({ challenge: 'reto-1', code: '123456' });

    await user.clear(screen.getByLabelText('Código de verificación'));
    await user.type(screen.getByLabelText('Código de verificación'), '654321{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'));
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });

  it("takes a recovery code through 'Usar un código de recuperación'", async () => {
    const net = mockFetch({
      'POST /api/auth/login': { body: { mfaRequired: true, challenge: 'reto-2' } },
      'POST /api/auth/login/mfa': { body: tokens },
    });
    renderRoute(<LoginPage />, { path: '/login' });
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await user.type(screen.getByLabelText('Código de recuperación'), 'abcde-fghjk{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(net.callsTo('POST', '/api/auth/login/mfa')[0]!.body).toEqual({ challenge: 'reto-2', code: 'abcde-fghjk' });
  });

  it('sends an admin made to enrol to /login/mfa-setup', async () => {
    mockFetch({ 'POST /api/auth/login': { body: { mfaEnrolmentRequired: true, challenge: 'reto-3' } } });
    renderRoute(<LoginPage />, { path: '/login' });
    await passwordStep();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login/mfa-setup'));
  });
});

describe('/login/mfa-setup', () => {
  it('shows the QR and the secret, confirms the first code, shows the ten recovery codes, then goes on', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const net = mockFetch({
      'POST /api/auth/login/mfa-setup': { body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' } },
      'POST /api/auth/login/mfa-setup/confirm': { body: { ...tokens, recoveryCodes: codes } },
    });
    renderRoute(<MfaSetupPage />, { path: '/login/mfa-setup', state: { challenge: 'reto-4', redirectTo: '/admin/users' } });
    expect(await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await screen.findByText(codes[9]!)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/auth/login/mfa-setup/confirm')[0]!.body).toEqual({ challenge: 'reto-4', code: '123456' });
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users'));
  });

  it('without a challenge goes back to /login', async () => {
    mockFetch({});
    renderRoute(<MfaSetupPage />, { path: '/login/mfa-setup' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});
