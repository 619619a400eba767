import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { RentLedger } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, payment, renderRents } from './rent-fixtures';

beforeEach(() => vi.spyOn(toast, 'success'));

const manager = { ...adminUser, id: 3, role: 'manager' as const };
const ledgerPath = 'GET /api/policy/5/rents';

/** The API's answer after January's cash payment was reversed: kept, struck through, applied to nothing. */
function afterReversal(): RentLedger {
  const before = arrearsLedger();
  return {
    ...before,
    payments: before.payments.map((item) =>
      item.id === 32 ? payment(32, { ...item, appliedTo: [], reversal: { reason: 'Se registró dos veces', by: 'Marta Ruiz', at: '2027-03-10T18:00:00.000Z' } }) : item,
    ),
    version: 5,
  };
}

describe("'Revertir' a payment", () => {
  it('asks for the reason before sending, then keeps the payment struck through with it', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderRents(manager, { [ledgerPath]: { body: arrearsLedger() }, 'POST /api/payments/32/reverse': { body: afterReversal() } });
    const buttons = await screen.findAllByRole('button', { name: /^Revertir pago del/ });
    expect(buttons).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Revertir pago del 20 ene 2027 · $18,500.00 · Efectivo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revertir pago' });
    await user.click(within(dialog).getByRole('button', { name: 'Revertir pago' }));
    expect(await within(dialog).findByText('El campo Motivo es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/payments/32/reverse')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo'), 'Se registró dos veces');
    await user.click(within(dialog).getByRole('button', { name: 'Revertir pago' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const [sent] = net.callsTo('POST', '/api/payments/32/reverse');
    expect(sent!.body).toEqual({ reason: 'Se registró dos veces' });
    expect(sent!.ifMatch).toBe('"v4"');
    expect(toast.success).toHaveBeenCalledWith('Pago revertido', expect.anything());
    expect(await screen.findByText('Revertido: Se registró dos veces')).toBeInTheDocument();
    expect(screen.getByText(/20 ene 2027 · \$18,500.00 · Efectivo/)).toHaveClass('line-through');
    // A reversed payment cannot be reversed again.
    expect(screen.getAllByRole('button', { name: /^Revertir pago del/ })).toHaveLength(2);
  });

  it('is not offered to an agent', async () => {
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    expect(await screen.findByText(/^Atraso/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revertir/ })).not.toBeInTheDocument();
  });
});
