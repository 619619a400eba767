import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyDashboardStats, type DashboardStats } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makeBranch, storeSession } from '@/test/fixtures';
import { DashboardPage } from '../pages/dashboard-page';
import { dashboardLogoutDelayMs } from '../components/dashboard-failure';

const stats: DashboardStats = {
  created: 4,
  investigation: 3,
  investigation_approved: 2,
  investigation_rejected: 1,
  contracts: 5,
  signature: 6,
  active: 6,
  cancelled: 3,
  expiring: 7,
  expired: 1,
};

const sessionMessage = 'Se ha detectado un error de red o sesión expirada. Cerrando sesión...';
const otherMessage = 'Error al cargar los datos. Intente nuevamente.';

function renderDashboard(routes: Parameters<typeof mockFetch>[0] = {}, user = adminUser) {
  storeSession(user);
  const net = mockFetch({ 'GET /api/policy/dashboard/1': { body: stats }, ...routes });
  const view = renderRoute(<DashboardPage />, { path: '/' });
  return { net, ...view };
}

const cardCounts = () => within(screen.getByRole('list', { name: 'Pólizas por estatus' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));

describe('dashboard (/)', () => {
  it('shows a spinner, then the ten cards (the spec’s nine and Inv. Rechazada) with their counts', async () => {
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando estadísticas...');
    expect(await screen.findByRole('list', { name: 'Pólizas por estatus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard de Pólizas' })).toBeInTheDocument();
    expect(cardCounts()).toEqual([
      'Creadas: 4',
      'En Investigación: 3',
      'Inv. Aprobada: 2',
      'Inv. Rechazada: 1',
      'Contratos: 5',
      'En Firma: 6',
      'Activas: 6',
      'Canceladas: 3',
      'Por Vencer: 7',
      'Vencidas: 1',
    ]);
    expect(screen.getByText(/^Última actualización: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.getByText(`Pólizas de ${adminUser.branchName}`)).toBeInTheDocument();
  });

  it('the bar stacks active, cancelled and expired with a legend and counts', async () => {
    renderDashboard();
    const bar = await screen.findByRole('img', { name: 'Activas: 6, Canceladas: 3, Vencidas: 1' });
    expect(within(bar).getByTestId('bar-active')).toHaveStyle({ width: '60%' });
    expect(within(bar).getByTestId('bar-cancelled')).toHaveStyle({ width: '30%' });
    expect(within(bar).getByTestId('bar-expired')).toHaveStyle({ width: '10%' });
    const legend = within(screen.getByRole('list', { name: 'Leyenda' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(legend).toEqual(['Activas6(60%)', 'Canceladas3(30%)', 'Vencidas1(10%)']);
  });

  it('with nothing active, cancelled or expired the bar stays empty (no division by zero)', async () => {
    renderDashboard({ 'GET /api/policy/dashboard/1': { body: { ...emptyDashboardStats, created: 2 } } });
    const bar = await screen.findByRole('img', { name: 'Activas: 0, Canceladas: 0, Vencidas: 0' });
    expect(bar).toBeEmptyDOMElement();
    expect(screen.getByText('Sin pólizas activas, canceladas o vencidas.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Leyenda' })).getAllByText('(0%)')).toHaveLength(3);
  });

  it('the refresh button asks again and shows the new counts', async () => {
    let calls = 0;
    const { net } = renderDashboard({
      'GET /api/policy/dashboard/1': () => ({ body: calls++ === 0 ? stats : { ...stats, created: 9 } }),
    });
    await screen.findByRole('listitem', { name: 'Creadas: 4' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByRole('listitem', { name: 'Creadas: 9' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/policy/dashboard/1')).toHaveLength(2);
  });

  it('a 403 says so, shows zeros and signs out after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderDashboard({ 'GET /api/policy/dashboard/1': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'No' } } });
    expect(await screen.findByText(sessionMessage)).toBeInTheDocument();
    expect(cardCounts().every((label) => label?.endsWith(': 0'))).toBe(true);
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(localStorage.getItem('auth_token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a 403 asking a temporary password to be changed neither warns nor signs out (the client sends the user to change it)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const detail = { field: 'passwordChangeRequired', message: 'Debe cambiar su contraseña' };
    const { router } = renderDashboard({
      'GET /api/policy/dashboard/1': { status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'password_change_required', message: detail.message, details: [detail] } },
    });
    // The client's own step (the app's router follows it; this test's memory router does not).
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText(sessionMessage)).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(router.state.location.pathname).not.toBe('/login');
  });

  it('no response at all (network error) does the same', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(adminUser);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { router } = renderRoute(<DashboardPage />, { path: '/' });
    expect(await screen.findByText(sessionMessage)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(localStorage.getItem('auth_token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a call the browser cancels because the page is leaving (F5, another address) neither warns nor signs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(adminUser);
    window.dispatchEvent(new Event('pagehide'));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { router } = renderRoute(<DashboardPage />, { path: '/' });
    await screen.findByRole('list', { name: 'Pólizas por estatus' });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    window.dispatchEvent(new Event('pageshow'));
    expect(screen.queryByText(sessionMessage)).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(router.state.location.pathname).toBe('/');
  });

  it('any other error offers a retry, shows zeros and keeps the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { router } = renderDashboard({
      'GET /api/policy/dashboard/1': () =>
        calls++ === 0 ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } } : { body: stats },
    });
    expect(await screen.findByText(otherMessage)).toBeInTheDocument();
    expect(cardCounts().every((label) => label?.endsWith(': 0'))).toBe(true);
    expect(screen.queryByText(/^Última actualización/)).not.toBeInTheDocument();
    // Past the moment a session error would sign out (in fake time): this one did not.
    await act(() => vi.advanceTimersByTimeAsync(dashboardLogoutDelayMs + 1));
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(router.state.location.pathname).toBe('/');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem', { name: 'Creadas: 4' })).toBeInTheDocument();
    expect(screen.queryByText(otherMessage)).not.toBeInTheDocument();
  });

  it('each card opens the policy list filtered by its status', async () => {
    const { router } = renderDashboard({}, agentUser);
    const active = await screen.findByRole('link', { name: 'Activas: 6' });
    expect(active).toHaveAttribute('href', '/policies?status=active');
    expect(screen.getByRole('link', { name: 'Inv. Rechazada: 1' })).toHaveAttribute('href', '/policies?status=investigation_rejected');
    await userEvent.setup({ delay: null }).click(active);
    expect(router.state.location.search).toBe('?status=active');
  });

  it('an agent sees their own branch’s name and no branch picker', async () => {
    renderDashboard({}, { ...agentUser, branchName: 'Sucursal Santa Fe' });
    await screen.findByRole('list', { name: 'Pólizas por estatus' });
    expect(screen.getByText('Pólizas de Sucursal Santa Fe')).toBeInTheDocument();
    expect(screen.queryByLabelText('Sucursal')).not.toBeInTheDocument();
  });

  it('an admin chooses a branch or every branch; the cards then open that branch’s list', async () => {
    const { net, router } = renderDashboard({
      'GET /api/branches': { body: [makeBranch({ id: 1, name: 'Sucursal Polanco' }), makeBranch({ id: 2, name: 'Sucursal Santa Fe' })] },
      'GET /api/policy/dashboard': { body: { ...stats, active: 40 } },
      'GET /api/policy/dashboard/2': { body: { ...stats, active: 3 } },
    });
    const picker = await screen.findByLabelText('Sucursal');
    expect(picker).toHaveValue('1');
    expect(await screen.findByRole('link', { name: 'Activas: 6' })).toHaveAttribute('href', '/policies?branch=1&status=active');
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todas las sucursales', 'Sucursal Polanco', 'Sucursal Santa Fe']));
    await user.selectOptions(picker, 'Todas las sucursales');
    expect(await screen.findByRole('link', { name: 'Activas: 40' })).toHaveAttribute('href', '/policies?status=active');
    expect(screen.getByText('Pólizas de todas las sucursales')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sucursal=todas');
    await user.selectOptions(picker, 'Sucursal Santa Fe');
    expect(await screen.findByRole('link', { name: 'Activas: 3' })).toHaveAttribute('href', '/policies?branch=2&status=active');
    expect(screen.getByText('Pólizas de Sucursal Santa Fe')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/policy/dashboard')).toHaveLength(1);
  });

  it("shows the incidencias' cards of its branch, opening the cases' list (issue 33)", async () => {
    renderDashboard({ 'GET /api/claims/stats?branchId=1': { body: { open: 5, drafts: 1, amountClaimed: '92500.00', deadlinesThisWeek: 2, missedDeadlines: 0 } } });
    const cards = await screen.findByRole('list', { name: 'Incidencias' });
    const open = within(cards).getByRole('link', { name: /^Incidencias abiertas/ });
    await within(open).findByText('5');
    expect(open).toHaveAttribute('href', '/claims?sucursal=1&estado=abiertas');
    expect(within(cards).getByRole('link', { name: /^Monto reclamado/ })).toHaveTextContent('$92,500.00');
  });

  it('a user without a branch sees an empty state and no call is made', async () => {
    const { net } = renderDashboard({}, { ...agentUser, branchId: null });
    expect(await screen.findByText('Sin sucursal asignada')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
