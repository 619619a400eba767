import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingBranch, BillingReport } from '@portal/domain';
import { adminUser, makeBranch, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { BillingPage } from '../pages/billing-page';

const nothing = { count: 0, total: '0.00' };

function figures(overrides: Partial<BillingReport['totals']> = {}): BillingReport['totals'] {
  return {
    quoted: { count: 2, subtotal: '12950.00', iva: '2072.00', total: '15022.00' },
    collected: { received: '10511.00', reversed: '0.00', net: '10511.00' },
    pending: { count: 1, amount: '4511.00' },
    discounts: { count: 0, amount: '0.00' },
    invoices: { issued: { count: 1, total: '7511.00' }, cancelled: nothing },
    ...overrides,
  };
}

const polanco: BillingBranch = { branchId: 1, branchName: 'Sucursal Polanco', ...figures(), discountItems: [] };

function renderPage(reply: Parameters<typeof mockFetch>[0][string]) {
  storeSession(adminUser);
  const net = mockFetch({ 'GET /api/branches': { body: [makeBranch({ id: 1, name: 'Sucursal Polanco' })] }, 'GET /api/reports/billing?month=2027-03': reply });
  renderRoute(<BillingPage />, { url: '/?mes=2027-03' });
  return net;
}

describe("'Facturación'", () => {
  it("shows each branch's month in six columns, each figure with what it is made of, and the discounts with their reasons", async () => {
    const discounted = { ...polanco, discounts: { count: 1, amount: '500.00' }, discountItems: [{ policyId: 9, folio: 'POL-2027-00009', amount: '500.00', reason: 'Cliente recurrente', by: 'Gabriela Gerente', at: '2027-03-04T17:00:00.000Z' }] };
    renderPage({ body: { month: '2027-03', branches: [discounted], totals: figures({ discounts: { count: 1, amount: '500.00' } }) } satisfies BillingReport });
    const table = await screen.findByRole('table', { name: 'Facturación de 2027-03' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Sucursal', 'Cotizado', 'Cobrado neto', 'Pendiente', 'Descuentos', 'Facturas']);
    const row = within(table).getByRole('row', { name: /Sucursal Polanco/ });
    expect(row).toHaveTextContent('$15,022.002 pólizas · IVA $2,072.00');
    expect(row).toHaveTextContent('$4,511.001 póliza');
    expect(row).toHaveTextContent('1 emitidas · $7,511.000 canceladas · $0.00');
    expect(screen.getByText('Cliente recurrente', { exact: false })).toHaveTextContent('POL-2027-00009 · $500.00 · Cliente recurrente');
  });

  it('says so when the month has no movement', async () => {
    renderPage({ body: { month: '2027-03', branches: [], totals: figures({ quoted: { count: 0, subtotal: '0.00', iva: '0.00', total: '0.00' }, collected: { received: '0.00', reversed: '0.00', net: '0.00' }, pending: { count: 0, amount: '0.00' }, invoices: { issued: nothing, cancelled: nothing } }) } });
    expect(await screen.findByText('Sin movimientos')).toBeInTheDocument();
  });

  it('offers to try again when the report fails', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage([{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } }, { body: { month: '2027-03', branches: [polanco], totals: figures() } }]);
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Facturación de 2027-03' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/reports/billing?month=2027-03')).toHaveLength(2);
  });
});
