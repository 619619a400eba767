import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { feePayment, partialFee, renderFees } from './fee-fixtures';

const feePath = 'GET /api/policy/5/fee';
const managerUser: SessionUser = { ...adminUser, id: 9, role: 'manager' };

describe("the expediente's 'Honorarios'", () => {
  it('shows the quote, who pays, what was collected and the state, and each payment with its Factura cell', async () => {
    renderFees(agentUser, { [feePath]: { body: partialFee() } });
    expect(await screen.findByText('Parcial')).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextSibling;
    expect(value('Base')).toHaveTextContent('$6,475.00 (35.00 % de la renta de $18,500.00)');
    expect(value('IVA 16.00 %')).toHaveTextContent('$1,036.00');
    expect(value('Total')).toHaveTextContent('$7,511.00');
    expect(value('Quién paga')).toHaveTextContent('Inquilino');
    expect(value('Saldo')).toHaveTextContent('$4,511.00');
    const row = screen.getByRole('group', { name: /Factura del pago/ });
    expect(row).toHaveTextContent('Sin factura');
    // Agents record payments and edit who pays; reversing is a manager's.
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revertir/ })).not.toBeInTheDocument();
  });

  it('renders the invoices’ cell where the lead plugs it, and the standing invoice otherwise', async () => {
    const paid = partialFee({ payments: [feePayment(41, { invoice: { id: 3, state: 'valid', uuid: 'ABC-123', total: '3000.00' } })] });
    const { unmount } = renderFees(agentUser, { [feePath]: { body: paid } });
    expect(await screen.findByText(/Vigente · \$3,000.00/)).toBeInTheDocument();
    unmount();
    renderFees(agentUser, { [feePath]: { body: partialFee() } }, { renderInvoiceCell: (payment) => <button type="button">Facturar {payment.id}</button> });
    expect(await screen.findByRole('button', { name: 'Facturar 41' })).toBeInTheDocument();
  });

  it('records a payment with the fee’s version, defaulting to what is owed', async () => {
    const user = userEvent.setup({ delay: null });
    const after = partialFee({ collected: '7511.00', outstanding: '0.00', state: 'paid', paidOn: '2027-03-10', version: 3, payments: [feePayment(41), feePayment(42, { amount: '4511.00' })] });
    const net = renderFees(agentUser, { [feePath]: { body: partialFee() }, 'POST /api/policy/5/fee-payments': { status: 201, body: after } });
    await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago de honorarios' });
    expect(within(dialog).getByLabelText(/Importe/)).toHaveValue('4511.00');
    await user.selectOptions(within(dialog).getByLabelText(/Forma de pago/), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText('Pagada')).toBeInTheDocument();
    const [call] = net.callsTo('POST', '/api/policy/5/fee-payments');
    expect(call!.ifMatch).toBe('"v2"');
    expect(call!.body).toMatchObject({ amount: '4511.00', method: 'cash' });
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
  });

  it('lets a manager reverse a payment with its reason', async () => {
    const user = userEvent.setup({ delay: null });
    const reversed = partialFee({ collected: '0.00', outstanding: '7511.00', state: 'pending', version: 3, payments: [feePayment(41, { reversal: { reason: 'Cheque devuelto', by: 'Gerente', at: '2027-03-10T18:00:00.000Z' } })] });
    const net = renderFees(managerUser, { [feePath]: { body: partialFee() }, 'POST /api/fee-payments/41/reversal': { body: reversed } });
    await user.click(await screen.findByRole('button', { name: /Revertir pago del/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revertir pago' }));
    expect(await within(dialog).findByText(/Motivo es obligatorio/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Cheque devuelto');
    await user.click(within(dialog).getByRole('button', { name: 'Revertir pago' }));
    expect(await screen.findByText(/Revertido: Cheque devuelto/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/fee-payments/41/reversal')[0]!.body).toEqual({ reason: 'Cheque devuelto' });
  });

  it('shows the discount fields to managers only, with the reason the API asks for', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderFees(agentUser, { [feePath]: { body: partialFee() } });
    await user.click(await screen.findByRole('button', { name: 'Editar honorarios' }));
    expect(screen.queryByLabelText(/Descuento/)).not.toBeInTheDocument();
    unmount();
    const net = renderFees(managerUser, { [feePath]: { body: partialFee() }, 'PUT /api/policy/5/fee': { body: partialFee({ version: 3 }) } });
    await user.click(await screen.findByRole('button', { name: 'Editar honorarios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar honorarios' });
    await user.clear(within(dialog).getByLabelText(/Descuento/));
    await user.type(within(dialog).getByLabelText(/Descuento/), '475');
    await user.type(within(dialog).getByLabelText(/Motivo del descuento/), 'Cliente frecuente');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Parcial');
    expect(net.callsTo('PUT', '/api/policy/5/fee')[0]!.body).toMatchObject({ payer: 'tenant', discount: '475', discountReason: 'Cliente frecuente' });
  });

  it('says when nothing is quoted yet, and offers Reintentar on a failure', async () => {
    const { unmount } = renderFees(agentUser, { [feePath]: { body: { ...partialFee(), quote: null, payments: [], version: 0 } } });
    expect(await screen.findByText('Sin honorarios')).toBeInTheDocument();
    unmount();
    renderFees(agentUser, { [feePath]: { status: 500, body: { statusCode: 500, code: 'internal_error', message: 'Falla' } } });
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
