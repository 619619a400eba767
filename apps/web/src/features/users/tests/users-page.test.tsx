import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, makeUser, storeSession } from '@/test/fixtures';
import { UsersPage } from '../pages/users-page';

const me = makeUser({ id: adminUser.id, email: adminUser.email, firstName: 'Ana', lastName: 'Admin', role: 'admin' });
const rosa = makeUser({ id: 12, email: 'agente.rosa@example.com', firstName: 'Rosa', lastName: 'Martínez', role: 'agent', branchName: null, branchId: null });
const jorge = makeUser({ id: 13, email: 'jorge@example.com', firstName: 'Jorge', lastName: 'Ríos', role: 'manager', status: 'inactive' });

function renderUsers(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(adminUser);
  const net = mockFetch({ 'GET /api/users': { body: [me, rosa, jorge] }, ...routes });
  renderRoute(<UsersPage />, { path: '/admin/users' });
  return net;
}

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('users list', () => {
  it('shows each user as a card with the spec fields', async () => {
    renderUsers();
    await screen.findByRole('article', { name: /Rosa Martínez/ });
    const rosaCard = card(/Rosa Martínez/);
    expect(within(rosaCard).getByText('agente.rosa@example.com')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Agente')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Sin sucursal')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Activo')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Teléfono')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Celular')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Creado')).toBeInTheDocument();
    expect(within(rosaCard).getByText('Actualizado')).toBeInTheDocument();
    expect(within(rosaCard).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/admin/users/12/edit');
    expect(within(card(/Jorge Ríos/)).getByText('Inactivo')).toBeInTheDocument();
    expect(within(card(/Jorge Ríos/)).getByRole('button', { name: 'Activar' })).toBeInTheDocument();
  });

  it('the admin cannot deactivate their own account from the list', async () => {
    renderUsers();
    const own = await screen.findByRole('article', { name: /Ana Admin/ });
    expect(within(own).queryByRole('button', { name: 'Desactivar' })).not.toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'Editar' })).toBeInTheDocument();
  });

  it('filters by e-mail, name or role as the admin types', async () => {
    renderUsers();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: /Rosa Martínez/ });
    await user.type(screen.getByPlaceholderText('Buscar usuarios...'), 'gerente');
    expect(screen.getByRole('article', { name: /Jorge Ríos/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Rosa Martínez/ })).not.toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Buscar usuarios...'));
    await user.type(screen.getByPlaceholderText('Buscar usuarios...'), 'zzz');
    expect(screen.getByText('No se encontraron usuarios')).toBeInTheDocument();
  });

  it('asks before deactivating, then sends only { status } and reloads the list', async () => {
    let listCalls = 0;
    const net = renderUsers({
      'GET /api/users': () => ({ body: listCalls++ === 0 ? [me, rosa, jorge] : [me, { ...rosa, status: 'inactive' }, jorge] }),
      'POST /api/users/12': { body: { ...rosa, status: 'inactive' } },
    });
    const user = userEvent.setup({ delay: null });
    const rosaCard = await screen.findByRole('article', { name: /Rosa Martínez/ });
    await user.click(within(rosaCard).getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('no podrá iniciar sesión');
    expect(net.callsTo('POST', '/api/users/12')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(within(card(/Rosa Martínez/)).getByRole('button', { name: 'Activar' })).toBeInTheDocument());
    expect(net.callsTo('POST', '/api/users/12')[0]?.body).toEqual({ status: 'inactive' });
    expect(net.callsTo('GET', '/api/users').length).toBeGreaterThanOrEqual(2);
  });

  it('Escape closes the confirmation without changing anything', async () => {
    const net = renderUsers();
    const user = userEvent.setup({ delay: null });
    const rosaCard = await screen.findByRole('article', { name: /Rosa Martínez/ });
    await user.click(within(rosaCard).getByRole('button', { name: 'Desactivar' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/users/12')).toHaveLength(0);
  });

  it('activating needs no confirmation', async () => {
    const net = renderUsers({ 'POST /api/users/13': { body: { ...jorge, status: 'active' } } });
    const user = userEvent.setup({ delay: null });
    const jorgeCard = await screen.findByRole('article', { name: /Jorge Ríos/ });
    await user.click(within(jorgeCard).getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/users/13')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/users/13')[0]?.body).toEqual({ status: 'active' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a failed load leaves the list empty with a retry', async () => {
    let calls = 0;
    renderUsers({
      'GET /api/users': () =>
        calls++ === 0
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno. Intente nuevamente.' } }
          : { body: [rosa] },
    });
    expect(await screen.findByText('No se pudieron cargar los usuarios')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: /Rosa Martínez/ })).toBeInTheDocument();
  });
});
