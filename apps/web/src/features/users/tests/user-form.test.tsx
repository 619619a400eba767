import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, makeBranch, makeUser, storeSession } from '@/test/fixtures';
import { UserCreatePage } from '../pages/user-create-page';
import { UserEditPage } from '../pages/user-edit-page';

beforeEach(() => {
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const branches = [
  makeBranch({ id: 3, name: 'Sucursal Polanco' }),
  makeBranch({ id: 5, name: 'Sucursal Santa Fe' }),
  makeBranch({ id: 8, name: 'Sucursal Cerrada', status: 'inactive' }),
];

function renderCreate(routes: Parameters<typeof mockFetch>[0] = {}, admin = adminUser) {
  storeSession(admin);
  const net = mockFetch({ 'GET /api/branches': { body: branches }, ...routes });
  renderRoute(<UserCreatePage />, { path: '/admin/users/new' });
  return net;
}

function renderEdit(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  const net = mockFetch({
    'GET /api/branches': { body: branches },
    'GET /api/users/10': { body: makeUser({ id: 10, email: 'luis@example.com', role: 'manager', branchId: 5, status: 'inactive' }) },
    ...routes,
  });
  renderRoute(<UserEditPage />, { path: '/admin/users/:id/edit', url: '/admin/users/10/edit' });
  return net;
}

async function fillRecord(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Correo electrónico'), 'rosa@example.com');
  await user.type(screen.getByLabelText('Nombre'), 'Rosa');
  await user.type(screen.getByLabelText('Apellido'), 'Martínez');
  await user.type(screen.getByLabelText('Teléfono'), '5511112222');
  await user.type(screen.getByLabelText('Celular'), '5533334444');
}

describe('user form: Nuevo Usuario', () => {
  it('defaults the branch to the admin’s own (issue 14), else the first active one', async () => {
    renderCreate({}, { ...adminUser, branchId: 5 });
    await waitFor(() => expect(screen.getByLabelText('Sucursal')).toHaveValue('5'));
  });

  it('defaults to role Agente and the first branch; no status field, no password reset', async () => {
    renderCreate();
    expect(await screen.findByRole('heading', { name: 'Nuevo Usuario' })).toBeInTheDocument();
    const role = await screen.findByLabelText('Rol');
    expect(role).toHaveValue('agent');
    expect(screen.getByRole('option', { name: 'Agente' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Administrador' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sucursal')).toHaveValue('3');
    expect(screen.queryByRole('option', { name: /Sucursal Cerrada/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Estatus')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirmar contraseña')).toBeInTheDocument();
    expect(screen.queryByText('Restablecer contraseña')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
  });

  it("refuses mismatched passwords with 'Las contraseñas no coinciden' and sends nothing", async () => {
    const net = renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Rol');
    await fillRecord(user);
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta-2026');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Otra-Clave-1');
    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('requires at least 8 characters of password', async () => {
    const net = renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Rol');
    await fillRecord(user);
    await user.type(screen.getByLabelText('Contraseña'), 'corta');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('requires every field of the record', async () => {
    const net = renderCreate();
    await screen.findByLabelText('Rol');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('El campo Correo electrónico es obligatorio')).toBeInTheDocument();
    for (const field of ['Nombre', 'Apellido', 'Teléfono', 'Celular']) {
      expect(screen.getByText(`El campo ${field} es obligatorio`)).toBeInTheDocument();
    }
    expect(net.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('sends the record without the confirmation, then returns to the list', async () => {
    const net = renderCreate({ 'POST /api/users': { status: 201, body: makeUser({ id: 11 }) } });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Rol');
    await fillRecord(user);
    await user.selectOptions(screen.getByLabelText('Sucursal'), 'Sucursal Santa Fe');
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta-2026');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta-2026{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users'));
    expect(net.callsTo('POST', '/api/users')[0]?.body).toEqual({
      email: 'rosa@example.com',
      firstName: 'Rosa',
      lastName: 'Martínez',
      role: 'agent',
      branchId: 5,
      phone: '5511112222',
      mobile: '5533334444',
      status: 'active',
      legalRepresentative: false,
      rfc: '',
      curp: '',
      password: 'Secreta-2026',
    });
  });

  async function submitFilled() {
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Rol');
    await fillRecord(user);
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta-2026');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta-2026');
    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));
  }

  it('a duplicate e-mail (409) is told once, under the e-mail field, plus the spec toast', async () => {
    const message = 'Ya existe un usuario con ese correo electrónico';
    renderCreate({
      'POST /api/users': { status: 409, body: { statusCode: 409, error: 'Conflict', message, details: [{ field: 'email', message }] } },
    });
    await submitFilled();
    const email = screen.getByLabelText('Correo electrónico');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(message);
    expect(email).toHaveFocus();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Error al guardar el usuario', expect.anything());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('a 409 without details goes under the e-mail field too', async () => {
    const message = 'Ya existe un usuario con ese correo electrónico';
    renderCreate({ 'POST /api/users': { status: 409, body: { statusCode: 409, error: 'Conflict', message } } });
    await submitFilled();
    await waitFor(() => expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(message));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('a 500 shows the alert once, with the reason, plus the spec toast', async () => {
    const message = 'Ocurrió un error interno. Intente nuevamente.';
    renderCreate({ 'POST /api/users': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message } } });
    await submitFilled();
    const alert = await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alert).toHaveTextContent('Error al guardar el usuario');
    expect(alert).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByLabelText('Correo electrónico')).not.toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Error al guardar el usuario', expect.anything());
  });
});

describe('user form: Editar Usuario', () => {
  it('loads the record, shows the status field and an optional password reset', async () => {
    renderEdit();
    expect(await screen.findByLabelText('Estatus')).toHaveValue('inactive');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('luis@example.com');
    expect(screen.getByLabelText('Rol')).toHaveValue('manager');
    expect(screen.getByLabelText('Sucursal')).toHaveValue('5');
    expect(screen.getByText('Restablecer contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva contraseña')).toHaveValue('');
    expect(screen.getByLabelText('Confirmar nueva contraseña')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeInTheDocument();
  });

  it('a blank password keeps the current one (no password sent)', async () => {
    const net = renderEdit({ 'POST /api/users/10': { body: makeUser({ id: 10 }) } });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Estatus'), 'Activo');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/users/10')).toHaveLength(1));
    const body = net.callsTo('POST', '/api/users/10')[0]?.body as Record<string, unknown>;
    expect(body.status).toBe('active');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('a typed password is a reset, checked against its confirmation', async () => {
    const net = renderEdit({ 'POST /api/users/10': { body: makeUser({ id: 10 }) } });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'Nueva-Clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/users/10')).toHaveLength(0);
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'Nueva-Clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/users/10')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/users/10')[0]?.body).toMatchObject({ password: 'Nueva-Clave-1' });
  });

  it("says 'Error al cargar el usuario' when the record cannot be loaded", async () => {
    renderEdit({ 'GET /api/users/10': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Usuario no encontrado' } } });
    expect(await screen.findByText('Error al cargar el usuario')).toBeInTheDocument();
    expect(screen.getByText('Usuario no encontrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
