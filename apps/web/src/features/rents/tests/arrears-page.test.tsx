import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArrearsReport } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ArrearsCard } from '../components/arrears-card';
import { ArrearsPage } from '../pages/arrears-page';

function report(overrides: Partial<ArrearsReport> = {}): ArrearsReport {
  return {
    today: '2027-03-10',
    buckets: [
      { bucket: '1-30', policies: 1, amount: '18500.00' },
      { bucket: '31-60', policies: 0, amount: '0.00' },
      { bucket: '61-90', policies: 1, amount: '55500.00' },
      { bucket: '90+', policies: 1, amount: '74000.00' },
    ],
    total: { policies: 3, amount: '148000.00' },
    items: [
      { policyId: 7, folio: 'POL-2026-00007', tenantNames: 'Ana Ruiz', branchName: 'Sucursal Polanco', agentName: 'Laura Méndez', months: 4, amount: '74000.00', interest: '0.00', oldestDueOn: '2026-12-01', daysLate: 99, bucket: '90+', lastContact: { at: '2027-03-09T18:00:00.000Z', kind: 'owner_answered' } },
    ],
    page: 1,
    pageSize: 50,
    totalItems: 3,
    ...overrides,
  };
}

describe("'Rentas en mora'", () => {
  it('shows the buckets with their policies and amounts and a page of policies linking to their rents', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/rents/arrears?page=1': { body: report() } });
    renderRoute(<ArrearsPage />, { path: '/rents/arrears' });
    expect(await screen.findByText('3 pólizas con atraso, $148,000.00 en total.')).toBeInTheDocument();
    const tiles = within(screen.getByRole('list', { name: 'Antigüedad del atraso' })).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['1–30 días1$18,500.00', '31–60 días0$0.00', '61–90 días1$55,500.00', 'Más de 90 días1$74,000.00']);
    const row = screen.getByRole('link', { name: 'POL-2026-00007' });
    expect(row).toHaveAttribute('href', '/policies/7#rentas');
    expect(row.closest('tr')).toHaveTextContent('9 mar 2027El propietario respondió');
    expect(screen.queryByRole('columnheader', { name: 'Sucursal' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Sucursal')).not.toBeInTheDocument();
  });

  it('filters by a bucket, keeping it in the URL, and says when no policy is in it', async () => {
    const user = userEvent.setup({ delay: null });
    storeSession(agentUser);
    const net = mockFetch({
      'GET /api/rents/arrears?page=1': { body: report() },
      'GET /api/rents/arrears?bucket=31-60&page=1': { body: report({ items: [], totalItems: 0 }) },
    });
    renderRoute(<ArrearsPage />, { path: '/rents/arrears' });
    await user.click(await screen.findByRole('button', { name: /31–60 días/ }));
    expect(await screen.findByText('Ninguna póliza tiene atraso en esta antigüedad.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /31–60 días/ })).toHaveAttribute('aria-pressed', 'true');
    expect(net.callsTo('GET', '/api/rents/arrears?bucket=31-60&page=1')).toHaveLength(1);
  });

  it('lets an admin choose a branch, and shows each row its branch when all are shown', async () => {
    storeSession(adminUser);
    mockFetch({ 'GET /api/rents/arrears?page=1': { body: report() }, 'GET /api/branches': { body: [] } });
    renderRoute(<ArrearsPage />, { path: '/rents/arrears' });
    expect(await screen.findByRole('columnheader', { name: 'Sucursal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sucursal')).toHaveValue('all');
  });

  it('shows a failure with Reintentar', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/rents/arrears?page=1': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } } });
    renderRoute(<ArrearsPage />, { path: '/rents/arrears' });
    expect(await screen.findByText('Error al cargar las rentas en mora')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe("the dashboard's 'Con atraso'", () => {
  it("counts the policies in arrears and what they owe, and opens the list filtered 'Con atraso' for its branch", async () => {
    storeSession(adminUser);
    mockFetch({ 'GET /api/rents/arrears?branchId=2': { body: report() } });
    renderRoute(<ArrearsCard branchId={2} listFilters={{ branch: 2 }} />);
    const link = await screen.findByRole('link', { name: /Con atraso/ });
    await within(link).findByText('3');
    expect(link).toHaveTextContent('pólizas · $148,000.00');
    expect(link).toHaveAttribute('href', '/policies?branch=2&arrears=1');
  });
});
