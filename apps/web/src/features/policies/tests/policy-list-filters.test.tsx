import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { PoliciesPage } from '../pages/policies-page';
import { PolicyTrackingPage } from '../pages/policy-tracking-page';
import { makeSummary, page } from './policy-fixtures';

/** Issue 14: the list's filters and order live in the URL; rows open the expediente; the export takes the filters. */

const first = makeSummary({ id: 1, status: 'active', tenantNames: ['Íñigo Peña'] });
const second = makeSummary({ id: 2, investigationId: 'INV-01012026-0900-002' });
const agents = { 'GET /api/policy/agents': { body: [{ id: 7, name: 'Óscar Ibáñez' }, { id: 9, name: 'Zoé Muñoz' }] } };

beforeEach(() => {
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderList(url: string, routes: Parameters<typeof mockFetch>[0]) {
  storeSession(agentUser);
  const net = mockFetch({ ...agents, ...routes });
  const view = renderRoute(<PoliciesPage />, { path: '/policies', url });
  const location = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { net, location, ...view };
}

describe('the list’s filters in the URL', () => {
  it('reads every filter and the order from the URL, shows them, and asks the server for exactly that', async () => {
    const query = 'q=pe%C3%B1a&status=active&type=plus&agent=9&from=2026-11-01&to=2026-11-30&sort=oldest';
    const { net } = renderList(`/policies?${query}`, { [`GET /api/policy/search?${query}&limit=25`]: { body: page([first]) } });
    expect(await screen.findByText(first.investigationId)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar pólizas...' })).toHaveValue('peña');
    expect(screen.getByLabelText('Estatus')).toHaveValue('active');
    expect(screen.getByLabelText('Tipo de póliza')).toHaveValue('plus');
    await waitFor(() => expect(screen.getByLabelText('Agente')).toHaveValue('9'));
    expect(screen.getByLabelText('Creada desde')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Creada hasta')).toHaveValue('2026-11-30');
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('oldest');
    expect(net.calls.filter((call) => call.path.startsWith('/api/policy/search'))).toHaveLength(1);
  });

  it('each change goes to the URL (a history entry), and back returns to the previous filters', async () => {
    const { location, router } = renderList('/policies', {
      'GET /api/policy/search?limit=25': { body: page([first, second]) },
      'GET /api/policy/search?type=basica&limit=25': { body: page([second]) },
      'GET /api/policy/search?type=basica&sort=status&limit=25': { body: page([second]) },
      'GET /api/policy/search?type=basica&agent=7&sort=status&limit=25': { body: page([]) },
    });
    await screen.findByText(first.investigationId);
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Tipo de póliza'), 'Básica');
    expect(location()).toBe('/policies?type=basica');
    await waitFor(() => expect(screen.queryByText(first.investigationId)).not.toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Por estatus');
    await user.selectOptions(screen.getByLabelText('Agente'), 'Óscar Ibáñez');
    expect(location()).toBe('/policies?type=basica&agent=7&sort=status');
    expect(await screen.findByText('No se encontraron pólizas con los criterios seleccionados')).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/policies?type=basica&sort=status'));
    expect(await screen.findByText(second.investigationId)).toBeInTheDocument();
    expect(screen.getByLabelText('Agente')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(location()).toBe('/policies?sort=status');
  });

  it('typing writes q once it pauses, replacing the entry; back/forward put the URL’s text in the box', async () => {
    const { location, router } = renderList('/policies?status=active', {
      'GET /api/policy/search?status=active&limit=25': { body: page([first, second]) },
      'GET /api/policy/search?q=pe%C3%B1a&status=active&limit=25': { body: page([first]) },
    });
    await screen.findByText(second.investigationId);
    const box = screen.getByRole('searchbox', { name: 'Buscar pólizas...' });
    await userEvent.setup({ delay: null }).type(box, 'peña');
    await waitFor(() => expect(location()).toBe('/policies?q=pe%C3%B1a&status=active'));
    await waitFor(() => expect(screen.queryByText(second.investigationId)).not.toBeInTheDocument());
    await router.navigate('/policies?status=active');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByText(second.investigationId)).toBeInTheDocument();
  });
});

describe('rows open the expediente', () => {
  it('the folio is a link to /policies/{id}; a click elsewhere on the row opens it too, the edit link still edits', async () => {
    const { location } = renderList('/policies', { 'GET /api/policy/search?limit=25': { body: page([first, second]) } });
    const folio = await screen.findByRole('link', { name: first.investigationId });
    expect(folio).toHaveAttribute('href', '/policies/1');
    const user = userEvent.setup({ delay: null });
    await user.click(within(folio.closest('tr')!).getByText('Íñigo Peña'));
    expect(location()).toBe('/policies/1');
  });

  it('the edit link is not taken over by the row', async () => {
    const { location } = renderList('/policies', { 'GET /api/policy/search?limit=25': { body: page([first]) } });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('link', { name: `Editar póliza ${first.investigationId}` }));
    expect(location()).toBe('/policies/1/edit');
  });

  it('on tracking the row menu keeps working and a row opens the policy', async () => {
    storeSession(agentUser);
    mockFetch({ ...agents, 'GET /api/policy/search?limit=25': { body: page([makeSummary({ id: 4, status: 'signature' })]) } });
    const view = renderRoute(<PolicyTrackingPage />, { path: '/policies/tracking' });
    const user = userEvent.setup({ delay: null });
    const menu = await screen.findByRole('button', { name: /Acciones de la póliza/ });
    await user.click(menu);
    expect(await screen.findByRole('menuitem', { name: 'Confirmar Firma' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(view.router.state.location.pathname).toBe('/policies/tracking');
    await user.click(within(menu.closest('tr')!).getByText('Pendiente de firma'));
    expect(view.router.state.location.pathname).toBe('/policies/4');
  });
});

describe('Exportar CSV / XLSX', () => {
  it('downloads everything the current filters select, with the token, under a dated name', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let answer: (value: { body: unknown }) => void = () => {};
    const { net } = renderList('/policies?status=active&sort=oldest', {
      'GET /api/policy/search?status=active&sort=oldest&limit=25': { body: page([first]) },
      'GET /api/policy/export?status=active&sort=oldest&format=csv': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/policy/export?status=active&sort=oldest&format=xlsx': { body: 'xlsx' },
    });
    await screen.findByText(first.investigationId);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('button', { name: 'Exportando...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toBeDisabled();
    answer({ body: 'csv' });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^polizas_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(net.callsTo('GET', '/api/policy/export?status=active&sort=oldest&format=csv')[0]?.authorization).toBe('Bearer access-1');
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toMatch(/^polizas_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('a failed export says so in a Spanish toast and keeps the list', async () => {
    renderList('/policies', {
      'GET /api/policy/search?limit=25': { body: page([first]) },
      'GET /api/policy/export?format=csv': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'El formato de exportación debe ser csv o xlsx' } },
    });
    await screen.findByText(first.investigationId);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('No se pudieron exportar las pólizas', expect.objectContaining({ description: 'El formato de exportación debe ser csv o xlsx' })),
    );
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(screen.getByText(first.investigationId)).toBeInTheDocument();
  });
});
