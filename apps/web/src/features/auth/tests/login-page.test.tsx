import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser } from '@/test/fixtures';
import { LoginPage } from '../pages/login-page';

function renderLogin(url = '/login') {
  return renderRoute(<LoginPage />, { path: '/login', url });
}

async function fillAndSubmit(email = 'admin@example.com', password = 'Admin12345') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  return user;
}

describe('login page', () => {
  it('shows the spec title, an e-mail field of type email and a password field', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: /tema/ })).toBeInTheDocument();
  });

  it('requires both fields and sends nothing when they are empty', async () => {
    const net = mockFetch({});
    renderLogin();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('El campo Correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Contraseña es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(net.calls).toHaveLength(0);
  });

  it('two quick submits (Enter, Enter) sign in once', async () => {
    const net = mockFetch({ 'POST /api/auth/login': () => new Promise(() => {}) });
    renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Correo electrónico'), 'admin@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Admin12345{Enter}{Enter}');
    await screen.findByRole('button', { name: 'Iniciando sesión...' });
    expect(net.callsTo('POST', '/api/auth/login')).toHaveLength(1);
  });

  it("shows 'Iniciando sesión...' and disables the button while signing in", async () => {
    mockFetch({ 'POST /api/auth/login': () => new Promise(() => {}) });
    renderLogin();
    await fillAndSubmit();
    const button = await screen.findByRole('button', { name: 'Iniciando sesión...' });
    expect(button).toBeDisabled();
  });

  it("answers a 401 with 'Credenciales inválidas' in an alert", async () => {
    mockFetch({
      'POST /api/auth/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Credenciales inválidas' } },
    });
    renderLogin();
    await fillAndSubmit('admin@example.com', 'incorrecta');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas');
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('shows the rate-limit message of a 429', async () => {
    const message = 'Demasiados intentos de inicio de sesión. Intente nuevamente en unos minutos.';
    mockFetch({ 'POST /api/auth/login': { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message } } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('stores the session and returns to the page first asked for', async () => {
    const net = mockFetch({
      'POST /api/auth/login': { body: { token: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, user: adminUser } },
    });
    renderLogin('/login?redirectTo=%2Fadmin%2Fbranches');
    await fillAndSubmit('ADMIN@example.com ', 'Admin12345');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/branches'));
    expect(net.calls[0]?.body).toEqual({ email: 'admin@example.com', password: 'Admin12345' });
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state.user.email).toBe('admin@example.com');
  });

  it('goes to the dashboard when no page was asked for (and ignores foreign redirects)', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, user: adminUser } },
    });
    renderLogin('/login?redirectTo=%2F%2Fevil.example.com');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
