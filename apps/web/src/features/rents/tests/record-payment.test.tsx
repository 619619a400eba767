import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { businessDate, type RentLedger } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, month, payment, renderRents } from './rent-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const ledgerPath = 'GET /api/policy/5/rents';
const payPath = 'POST /api/policy/5/payments';

/** What the API answers after the March payment: March paid, only February's rest still owed. */
function afterMarch(): RentLedger {
  const before = arrearsLedger();
  return {
    ...before,
    rows: before.rows.map((row) => (row.period === '2027-03' ? month(3, { paid: '18500.00', owed: '0.00', state: 'paid', paidOn: '2027-03-05' }) : row)),
    payments: [...before.payments, payment(34, { receivedOn: '2027-03-05', reference: 'SPEI 999', appliedTo: [{ period: '2027-03', amount: '18500.00' }] })],
    arrears: { months: 1, amount: '8500.00', daysLate: 37, interest: '0.00' },
    version: 5,
  };
}

async function openForm() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
  return { user, dialog };
}

describe("'Registrar pago'", () => {
  it('sends what the agent typed with the version seen, and shows the ledger the API answers', async () => {
    const net = renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() }, [payPath]: { status: 201, body: afterMarch() } });
    const { user, dialog } = await openForm();
    expect(within(dialog).getByLabelText('Fecha de recepción')).toHaveValue(businessDate());
    expect(within(dialog).getByLabelText('Importe')).toHaveAttribute('inputmode', 'decimal');
    await user.type(within(dialog).getByLabelText('Importe'), '18,500');
    await user.clear(within(dialog).getByLabelText('Fecha de recepción'));
    await user.type(within(dialog).getByLabelText('Fecha de recepción'), '2027-03-05');
    // A payment the owner confirmed by link is not something staff type.
    expect(within(within(dialog).getByLabelText('Forma de pago')).queryByRole('option', { name: 'Confirmado por el propietario' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'Transferencia / SPEI');
    await user.type(within(dialog).getByLabelText('Referencia'), 'SPEI 999');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = net.callsTo('POST', '/api/policy/5/payments');
    expect(sent!.body).toEqual({ amount: '18500.00', receivedOn: '2027-03-05', method: 'transfer', reference: 'SPEI 999' });
    expect(sent!.ifMatch).toBe('"v4"');
    expect(toast.success).toHaveBeenCalledWith('Pago registrado', expect.objectContaining({ description: '$18,500.00 · Transferencia / SPEI' }));
    // The answer is the cache's: no second read, and the grid and the summary follow it.
    expect(await screen.findByText('Atraso: 1 mes, $8,500.00, 37 días')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /marzo 2027/ })).toHaveTextContent('Pagada');
    expect(net.callsTo('GET', '/api/policy/5/rents')).toHaveLength(1);
    expect(net.queryClient.getQueryData<RentLedger>(['policies', 'rents', 5])?.version).toBe(5);
  });

  it("refuses before sending what the server would refuse, in the server's words", async () => {
    const net = renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Importe'), '10.005');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(await within(dialog).findByText('El campo Importe debe ser un importe mayor que cero, con hasta dos decimales')).toBeInTheDocument();
    expect(within(dialog).getByText(/El campo Forma de pago debe ser una de/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/policy/5/payments')).toHaveLength(0);
  });

  it("puts a 400's details under the fields they name", async () => {
    const refused = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', code: 'validation_failed', message: 'Datos inválidos', details: [{ field: 'receivedOn', message: 'La fecha de recepción no puede ser anterior al inicio del contrato (2026-12-01)' }] },
    };
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() }, [payPath]: refused });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Importe'), '100');
    await user.clear(within(dialog).getByLabelText('Fecha de recepción'));
    await user.type(within(dialog).getByLabelText('Fecha de recepción'), '2026-11-30');
    await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'Efectivo');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    const date = within(dialog).getByLabelText('Fecha de recepción');
    expect(await within(dialog).findByText('La fecha de recepción no puede ser anterior al inicio del contrato (2026-12-01)')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Registrar pago' })).toBeInTheDocument();
  });

  it('on a 412 tells who wrote first, reads the ledger again and sends the new version next', async () => {
    const stale = { status: 412, body: { statusCode: 412, error: 'Precondition Failed', code: 'stale_version', message: 'Pablo Torres guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.' } };
    const net = renderRents(agentUser, {
      [ledgerPath]: [{ body: arrearsLedger() }, { body: { ...arrearsLedger(), version: 6 } }],
      [payPath]: [stale, { status: 201, body: afterMarch() }],
    });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Importe'), '18500');
    await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'Efectivo');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(await within(dialog).findByText(/Pablo Torres guardó cambios/)).toBeInTheDocument();
    await vi.waitFor(() => expect(net.callsTo('GET', '/api/policy/5/rents')).toHaveLength(2));
    expect(within(dialog).getByLabelText('Importe')).toHaveValue('18500');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/policy/5/payments').map((call) => call.ifMatch)).toEqual(['"v4"', '"v6"']);
  });

  it('is offered to staff who handle money on an active schedule only', async () => {
    renderRents({ ...adminUser, role: 'approver' }, { [ledgerPath]: { body: arrearsLedger() } });
    expect(await screen.findByText(/^Atraso/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
  });

  it('is not offered on a cancelled policy, which says why', async () => {
    renderRents(adminUser, { [ledgerPath]: { body: arrearsLedger() } }, { status: 'cancelled' });
    expect(await screen.findByText('La póliza está cancelada: no se pueden registrar pagos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
  });
});
