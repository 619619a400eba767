import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Agreement } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { approverUser, claimPath, makeClaim, managerUser, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

/** Three instalments of $12,000.00: the first paid, the second missed, the third to come. */
function agreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    id: 3,
    state: 'active',
    total: '36000.00',
    paid: '12000.00',
    notes: 'Firmado en la oficina',
    createdAt: '2027-03-10T17:00:00.000Z',
    instalments: [
      { id: 31, seq: 1, dueOn: '2027-03-15', amount: '12000.00', paid: '12000.00', paidOn: '2027-03-14', state: 'paid', payments: [{ id: 71, amount: '12000.00', receivedOn: '2027-03-14', method: 'transfer', reference: 'SPEI 1', recordedBy: 'Ana Agente', reversedAt: null, reversalReason: null }] },
      { id: 32, seq: 2, dueOn: '2027-04-15', amount: '12000.00', paid: '0.00', paidOn: null, state: 'late', payments: [] },
      { id: 33, seq: 3, dueOn: '2027-05-15', amount: '12000.00', paid: '0.00', paidOn: null, state: 'pending', payments: [] },
    ],
    ...overrides,
  };
}

describe("an incidencia's 'Convenio de pago'", () => {
  it('builds the instalments row by row with their total, and sends them', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() }, 'POST /api/claims/42/agreement': { status: 201, body: makeClaim({ stage: 'agreement', agreement: agreement(), version: 4 }) } }, 'convenio');
    expect(await screen.findByText('Sin convenio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear convenio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear convenio' });
    await user.type(within(dialog).getByLabelText('Fecha de la parcialidad 1'), '2027-03-15');
    await user.type(within(dialog).getByLabelText('Importe de la parcialidad 1'), '12,000');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar parcialidad' }));
    await user.click(within(dialog).getByRole('button', { name: 'Agregar parcialidad' }));
    await user.type(within(dialog).getByLabelText('Fecha de la parcialidad 2'), '2027-04-15');
    await user.type(within(dialog).getByLabelText('Importe de la parcialidad 2'), '12000');
    await user.type(within(dialog).getByLabelText('Fecha de la parcialidad 3'), '2027-04-01');
    await user.type(within(dialog).getByLabelText('Importe de la parcialidad 3'), '99');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Total: $24,099.00');

    await user.click(within(dialog).getByRole('button', { name: 'Crear convenio' }));
    expect(await within(dialog).findByText('Las fechas de las parcialidades deben ir en orden, sin repetirse')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/claims/42/agreement')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Quitar parcialidad 3' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Total: $24,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Crear convenio' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/agreement')[0]!.body).toEqual({
      notes: '',
      instalments: [
        { dueOn: '2027-03-15', amount: '12000.00' },
        { dueOn: '2027-04-15', amount: '12000.00' },
      ],
    });
    expect(await screen.findByRole('list', { name: 'Parcialidades' })).toBeInTheDocument();
  });

  it("tracks each instalment's state (a missed one red) and records a payment as a rent's", async () => {
    const user = userEvent.setup({ delay: null });
    const paid = agreement({ paid: '24000.00', instalments: agreement().instalments.map((row) => (row.id === 32 ? { ...row, paid: '12000.00', paidOn: '2027-04-20', state: 'paid' } : row)) });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: makeClaim({ agreement: agreement() }) }, 'POST /api/claims/instalments/32/payments': { status: 201, body: makeClaim({ agreement: paid, version: 5 }) } }, 'convenio');
    const list = await screen.findByRole('list', { name: 'Parcialidades' });
    // The instalments (each lists its payments in a list of its own).
    const rows = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(screen.getByText('Convenio vigente')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Parcialidad 1 de 315 mar 2027$12,000.00PagadaPagado $12,000.00 el 14 mar 2027');
    expect(within(rows[1]!).getByText('Vencida')).toHaveClass('text-red-700');
    expect(rows[1]).toHaveClass('bg-red-50');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Registrar pago de la parcialidad 2 de 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago de la parcialidad 2 de 3' });
    expect(within(dialog).getByLabelText('Importe')).toHaveValue('12000.00');
    const methods = within(within(dialog).getByLabelText('Forma de pago')).getAllByRole('option').map((option) => option.textContent);
    expect(methods).toContain('Transferencia / SPEI');
    await user.clear(within(dialog).getByLabelText('Fecha de recepción'));
    await user.type(within(dialog).getByLabelText('Fecha de recepción'), '2027-04-20');
    await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'Efectivo');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/instalments/32/payments')[0]!.body).toEqual({ amount: '12000.00', receivedOn: '2027-04-20', method: 'cash', reference: '' });
    expect(toast.success).toHaveBeenCalledWith('Pago registrado', expect.objectContaining({ description: '$12,000.00 · Efectivo' }));
    await vi.waitFor(() => expect(screen.queryByText('Vencida')).not.toBeInTheDocument());
  });

  it('shows the agreement to a role that only reads, without payments to record', async () => {
    renderClaimPage(approverUser, { [claimPath]: { body: makeClaim({ agreement: agreement() }) } }, 'convenio');
    expect(await screen.findByRole('list', { name: 'Parcialidades' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar pago/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /convenio/i })).not.toBeInTheDocument();
  });

  it("lets a manager reverse an instalment's payment with its reason; a reversed one is struck through", async () => {
    const user = userEvent.setup({ delay: null });
    const first = agreement().instalments[0]!;
    const reversedPayment = { ...first.payments[0]!, reversedAt: '2027-03-11T17:00:00.000Z', reversalReason: 'Cheque sin fondos' };
    const reversed = agreement({ paid: '0.00', instalments: agreement().instalments.map((row) => (row.id === 31 ? { ...row, paid: '0.00', paidOn: null, state: 'pending', payments: [reversedPayment] } : row)) });
    const net = renderClaimPage(managerUser, { [claimPath]: { body: makeClaim({ agreement: agreement() }) }, 'POST /api/claims/instalment-payments/71/reverse': { body: makeClaim({ agreement: reversed, version: 6 }) } }, 'convenio');
    const payments = await screen.findByRole('list', { name: 'Pagos de la parcialidad 1' });
    expect(payments).toHaveTextContent('Pago de $12,000.00 del 14 mar 2027 · Transferencia / SPEI · SPEI 1 · Ana Agente');
    await user.click(within(payments).getByRole('button', { name: 'Revertir pago de $12,000.00 del 14 mar 2027' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revertir pago de la parcialidad' });
    await user.click(within(dialog).getByRole('button', { name: 'Revertir pago' }));
    expect(within(dialog).getByText('El campo Motivo es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/claims/instalment-payments/71/reverse')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motivo'), 'Cheque sin fondos');
    await user.click(within(dialog).getByRole('button', { name: 'Revertir pago' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/claims/instalment-payments/71/reverse')[0]!.body).toEqual({ reason: 'Cheque sin fondos' }));
    expect(await screen.findByText('Revertido: Cheque sin fondos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revertir pago de/ })).not.toBeInTheDocument();
  });
});
