import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { businessDate, type CommissionPayout } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { BrokerPage } from '../pages/broker-page';
import { makeBroker, makeCommissions, makeEntry } from './broker-fixtures';

beforeEach(() => vi.spyOn(toast, 'success'));

const today = businessDate();
const manager = { ...adminUser, id: 3, role: 'manager' as const, branchId: 1 };
const broker = makeBroker();
const entries = [makeEntry(1, '647.50'), makeEntry(2, '647.50', { earnedOn: '2027-01-20' })];
const statement = {
  broker,
  month: '2027-02',
  from: '2027-02-01',
  to: '2027-02-28',
  rows: [],
  payouts: [],
  totals: { collected: '0.00', earned: '0.00', paid: '0.00', owed: '1295.00', iva: '0.00', isrWithheld: '0.00', ivaWithheld: '0.00', net: '0.00' },
};
const payout: CommissionPayout = {
  id: 9,
  brokerId: 4,
  paidOn: '2027-02-10',
  reference: 'SPEI 77',
  gross: '647.50',
  iva: '103.60',
  isrWithheld: '64.75',
  ivaWithheld: '69.09',
  net: '617.26',
  entryCount: 1,
  createdBy: 'Ana Pérez',
  createdAt: '2027-02-10T18:00:00.000Z',
  reversal: null,
};

/** 'Pagar comisiones' once the pending commissions are in (disabled until then). */
async function payButton() {
  const button = await screen.findByRole('button', { name: 'Pagar comisiones' });
  await vi.waitFor(() => expect(button).toBeEnabled());
  return button;
}

function renderBroker(extra: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(manager);
  const net = mockFetch({
    'GET /api/brokers/4': { body: broker },
    'GET /api/brokers/4/commissions?state=pending': { body: makeCommissions(entries) },
    [`GET /api/brokers/4/statement?month=${today.slice(0, 7)}`]: { body: { ...statement, month: today.slice(0, 7) } },
    ...extra,
  });
  return { ...net, ...renderRoute(<BrokerPage />, { path: '/brokers/:id', url: '/brokers/4' }) };
}

describe("'Pagar comisiones'", () => {
  it('shows gross, IVA, withholdings and net of the entries chosen, confirms, then sends them with the date and reference', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderBroker({ 'POST /api/brokers/4/payouts': { status: 201, body: payout } });
    await user.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Pagar comisiones' });
    const summary = within(dialog).getByLabelText('Resumen del pago');
    expect(summary).toHaveTextContent('Comisión (bruto)$1,295.00');
    expect(summary).toHaveTextContent('Neto a transferir$1,234.52');

    await user.click(within(dialog).getByLabelText(/^INV-2/));
    expect(summary).toHaveTextContent('IVA (16.00 %)$103.60');
    expect(summary).toHaveTextContent('Retención de ISR (10.00 %)-$64.75');
    expect(summary).toHaveTextContent('Retención de IVA (10.67 %)-$69.09');
    expect(summary).toHaveTextContent('Neto a transferir$617.26');

    // The reference is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Pagar comisiones' }));
    expect(await within(dialog).findByText('El campo Referencia es obligatorio')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Referencia/), 'SPEI 77');
    await user.click(within(dialog).getByRole('button', { name: 'Pagar comisiones' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirmar pago de comisiones' });
    expect(confirm).toHaveTextContent('$617.26');
    expect(net.callsTo('POST', '/api/brokers/4/payouts')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar pago' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/brokers/4/payouts')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/brokers/4/payouts')[0]!.body).toEqual({ entryIds: [1], paidOn: today, reference: 'SPEI 77' });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Comisiones pagadas', expect.objectContaining({ description: '$617.26 · SPEI 77' })));
  });

  it('says so when the entries changed meanwhile (409) and sends nothing more', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'Las comisiones seleccionadas cambiaron (alguna ya se pagó o se recalculó). Vuelva a cargar la lista.';
    renderBroker({ 'POST /api/brokers/4/payouts': { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'conflict', message, details: [{ field: 'entryIds', message }] } } });
    await user.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Pagar comisiones' });
    await user.type(within(dialog).getByLabelText(/^Referencia/), 'SPEI 1');
    await user.click(within(dialog).getByRole('button', { name: 'Pagar comisiones' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar pago' }));
    expect((await within(dialog).findAllByText(message)).length).toBeGreaterThan(0);
  });
});
