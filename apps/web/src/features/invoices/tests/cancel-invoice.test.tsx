import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { adminUser, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { InvoicesPage } from '../pages/invoices-page';
import { issued } from './invoice-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const wrong = issued({ id: 40, customer: { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxSystem: '601', zip: '42501' } });
const replacement = issued({ id: 41, folioNumber: 13, uuid: 'AAAAAAAA-3B0B-4C33-9E57-0E3E6D5B2A11', issuedAt: '2026-11-21T18:00:00.000Z' });
const row = (invoice: typeof wrong) => ({ ...invoice, policyFolio: 'POL-2026-0005', branchId: 1, branchName: 'Polanco' });
const listPath = 'GET /api/invoices?month=2026-11';

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(adminUser);
  const net = mockFetch({ 'GET /api/branches': { body: [] }, ...routes });
  renderRoute(<InvoicesPage />, { path: '/invoices', url: '/invoices?mes=2026-11' });
  return net;
}

describe("'Facturas' and 'Cancelar factura'", () => {
  it('lists the month’s invoices with their totals', async () => {
    renderPage({ [listPath]: { body: { month: '2026-11', rows: [row(wrong)], valid: { count: 1, total: '7511.00' }, canceled: { count: 0, total: '0.00' } } } });
    expect(await screen.findByText('POL-2026-0005')).toBeInTheDocument();
    expect(screen.getByText(/Vigentes: 1 por \$7,511.00/)).toBeInTheDocument();
  });

  it('says so when the month has none', async () => {
    renderPage({ [listPath]: { body: { month: '2026-11', rows: [], valid: { count: 0, total: '0.00' }, canceled: { count: 0, total: '0.00' } } } });
    expect(await screen.findByText('Sin facturas en el mes')).toBeInTheDocument();
  });

  it('asks for the replacing invoice with motive 01 and sends its id after the confirmation', async () => {
    const net = renderPage({
      [listPath]: { body: { month: '2026-11', rows: [row(wrong), row(replacement)], valid: { count: 2, total: '15022.00' }, canceled: { count: 0, total: '0.00' } } },
      'GET /api/policy/5/invoices': { body: [replacement, wrong] },
      'POST /api/invoices/40/cancel': { body: { ...wrong, state: 'canceled', cancelMotive: '01', replacementInvoiceId: 41, cancellationStatus: 'accepted' } },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Factura F12');
    await user.click(screen.getAllByRole('button', { name: 'Cancelar factura' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar factura' });
    await user.selectOptions(within(dialog).getByLabelText('Motivo'), '01');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    expect(await within(dialog).findByText('Elija la factura que sustituye a esta')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/invoices/40/cancel')).toHaveLength(0);
    const select = within(dialog).getByLabelText('Factura que la sustituye');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, '41');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/invoices/40/cancel')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/invoices/40/cancel')[0]!.body).toEqual({ motive: '01', replacementId: 41 });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalled());
  });
});
