import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { emptyDashboardStats } from '@portal/domain';
import { queryClient } from '@/lib/query-client';
import { endSession } from '@/features/auth';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, storeSession } from '@/test/fixtures';
import { patchStaffRoutes, routes } from '@/router';
import { ErrorScreen } from '../error-screen';

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url], patchRoutesOnNavigation: patchStaffRoutes });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const here = (router: ReturnType<typeof renderApp>) => `${router.state.location.pathname}${router.state.location.search}`;

describe('routes and guards', () => {
  afterEach(() => {
    queryClient.clear();
    endSession();
  });

  it('sends a signed-out visitor to /login, remembering the page asked for', async () => {
    mockFetch({});
    const router = renderApp('/admin/users');
    // The file's first lazy screen: its modules are transformed on this import, which on a loaded
    // machine takes longer than findBy's default second.
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(here(router)).toBe('/login?redirectTo=%2Fadmin%2Fusers');
  });

  it('re-checks the session with GET /api/auth/me and lets an admin into the admin screens', async () => {
    storeSession(adminUser);
    const net = mockFetch({ 'GET /api/auth/me': { body: adminUser }, 'GET /api/branches': { body: [] } });
    renderApp('/admin/branches');
    expect(await screen.findByRole('heading', { name: 'Gestión de Sucursales' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/auth/me')).toHaveLength(1);
    expect(screen.getByRole('banner')).toHaveTextContent('admin@example.com');
  });

  it('sends a non-admin away from /admin/* to the dashboard', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/auth/me': { body: agentUser }, 'GET /api/policy/dashboard/1': { body: emptyDashboardStats } });
    const router = renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Dashboard de Pólizas' })).toBeInTheDocument();
    expect(here(router)).toBe('/');
    expect(await screen.findByRole('list', { name: 'Pólizas por estatus' })).toBeInTheDocument();
  });

  it('a session the server no longer accepts ends at /login', async () => {
    storeSession(adminUser);
    mockFetch({ 'GET /api/auth/me': { status: 401, body: {} }, 'POST /api/auth/refresh-token': { status: 401, body: {} } });
    const router = renderApp('/policies');
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    expect(here(router)).toBe('/login?redirectTo=%2Fpolicies');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('a signed-in user visiting /login goes to the dashboard', async () => {
    storeSession(adminUser);
    mockFetch({ 'GET /api/auth/me': { body: adminUser } });
    const router = renderApp('/login');
    await screen.findByRole('heading', { name: 'Dashboard de Pólizas' });
    expect(here(router)).toBe('/');
  });

  // Loads the code of ten lazy screens (and, since issue 15, the header's bell): on a busy 2-core
  // machine that alone came close to vitest's default 5 s.
  it('every spec screen has a route', { timeout: 20_000 }, async () => {
    storeSession(adminUser);
    mockFetch({ 'GET /api/auth/me': { body: adminUser } });
    const screens: Array<[string, string]> = [
      ['/policies/tracking', 'Seguimiento de Pólizas'],
      ['/policies/new', 'Nueva Póliza'],
      ['/policies/7/edit', 'Editar Póliza'],
      ['/policies/results', 'Resultados de investigación'],
      ['/upload-documents', 'Subir Documentos de Investigación'],
      ['/addendums', 'Addendums'],
      ['/addendums/new', 'Crear Nuevo Addendum'],
      ['/addendums/3/edit', 'Editar Addendum'],
      ['/appointments', 'Control de Citas'],
      ['/leads', 'Leads'],
    ];
    const router = renderApp('/policies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pólizas' })).toBeInTheDocument();
    for (const [url, title] of screens) {
      await router.navigate(url);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    }
  });

  it('an unknown address shows a Spanish 404 page', async () => {
    storeSession(adminUser);
    mockFetch({ 'GET /api/auth/me': { body: adminUser } });
    renderApp('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it("the error screen says 'Unexpected Application Error!' with the message and a way back", async () => {
    mockFetch({});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            throw new Error('Algo falló');
          },
          element: <p>nunca</p>,
          errorElement: <ErrorScreen />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument());
    expect(screen.getByText('Algo falló')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});
