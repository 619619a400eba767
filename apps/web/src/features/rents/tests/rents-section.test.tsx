import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, month, payment, previewLedger, renderRents } from './rent-fixtures';

const ledgerPath = 'GET /api/policy/5/rents';

describe("the expediente's 'Rentas'", () => {
  it('says how far behind the policy is, its totals, and a cell per month with its state in words', async () => {
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    const arrears = await screen.findByText('Atraso: 2 meses, $27,000.00, 37 días');
    expect(arrears).toHaveClass('text-red-700');
    expect(screen.getByText('Pagado').nextSibling).toHaveTextContent('$47,000.00');
    expect(screen.getByText('Por pagar del plazo').nextSibling).toHaveTextContent('$175,000.00');
    expect(screen.queryByText('Saldo a favor')).not.toBeInTheDocument();

    const cells = within(screen.getByRole('list', { name: 'Calendario de rentas' })).getAllByRole('button');
    expect(cells).toHaveLength(12);
    expect(cells[0]).toHaveTextContent('diciembre 2026$18,500.00Pagada');
    expect(cells[1]).toHaveTextContent('enero 2027$18,500.00Pagada con atraso');
    expect(cells[2]).toHaveTextContent('febrero 2027$18,500.00En mora');
    expect(cells[11]).toHaveTextContent('noviembre 2027$18,500.00Pendiente');
    expect(cells[2]).toHaveClass('bg-red-50');

    const payments = screen.getByRole('heading', { name: 'Pagos' }).parentElement!;
    expect(within(payments).getByText(/03 dic 2026 · \$18,500.00 · Transferencia \/ SPEI/)).toBeInTheDocument();
    expect(within(payments).getByText('Cubre: diciembre 2026 ($18,500.00)')).toBeInTheDocument();
    expect(within(payments).getAllByText(/Registró Laura Méndez/)).toHaveLength(3);
  });

  it("opens a month's details: dates, amounts, its pagaré and the payments applied to it", async () => {
    const user = userEvent.setup({ delay: null });
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    await user.click(await screen.findByRole('button', { name: /febrero 2027/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Renta de febrero 2027' });
    const detail = (label: string) => within(dialog).getByText(label).nextSibling;
    expect(detail('Vencimiento')).toHaveTextContent('1 de febrero de 2027');
    expect(detail('Días de gracia')).toHaveTextContent('5');
    expect(detail('Importe')).toHaveTextContent('$18,500.00');
    expect(detail('Pagado')).toHaveTextContent('$10,000.00');
    expect(detail('Adeudo')).toHaveTextContent('$8,500.00');
    expect(detail('Días de atraso')).toHaveTextContent('37 días');
    expect(detail('Pagaré')).toHaveTextContent('3 de 12 · Vencido');
    expect(within(dialog).getByText(/03 feb 2027 · Depósito/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the lease's moratorium interest apart from what is owed, in the summary and the month's details", async () => {
    const user = userEvent.setup({ delay: null });
    const rows = arrearsLedger().rows.map((row, index) => (index === 2 ? { ...row, interest: '366.92' } : index === 3 ? { ...row, interest: '194.25' } : row));
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger({ rows, lateInterestMonthlyRate: '3.50', arrears: { months: 2, amount: '27000.00', daysLate: 37, interest: '561.17' } }) } });
    expect(await screen.findByText('Intereses moratorios: $561.17 (3.50 % mensual) — no se suman a lo adeudado')).toBeInTheDocument();
    expect(screen.getByText('Por pagar del plazo').nextSibling).toHaveTextContent('$175,000.00');
    await user.click(screen.getByRole('button', { name: /febrero 2027/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Renta de febrero 2027' });
    expect(within(dialog).getByText('Intereses moratorios').nextSibling).toHaveTextContent('$366.92 — no se suman a lo adeudado');
  });

  it("shows no interest when the lease sets none", async () => {
    const user = userEvent.setup({ delay: null });
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    await screen.findByText('Atraso: 2 meses, $27,000.00, 37 días');
    expect(screen.queryByText(/Intereses moratorios/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /febrero 2027/ }));
    expect(within(await screen.findByRole('dialog')).queryByText('Intereses moratorios')).not.toBeInTheDocument();
  });

  it("is 'Al corriente' in green, and shows a credit when there is one", async () => {
    const paidAhead = arrearsLedger({
      rows: [month(0, { paid: '18500.00', owed: '0.00', state: 'paid' }), ...Array.from({ length: 11 }, (_, index) => month(index + 1))],
      payments: [payment(31, { amount: '20000.00' })],
      totals: { due: '222000.00', paid: '18500.00', owed: '203500.00', credit: '1500.00' },
      arrears: { months: 0, amount: '0.00', daysLate: 0, interest: '0.00' },
    });
    renderRents(agentUser, { [ledgerPath]: { body: paidAhead } });
    expect(await screen.findByText('Al corriente')).toHaveClass('text-emerald-700');
    expect(screen.getByText('Saldo a favor').nextSibling).toHaveTextContent('$1,500.00');
  });

  it('before activation shows the schedule to come and takes no payment', async () => {
    renderRents(adminUser, { [ledgerPath]: { body: previewLedger() } }, { status: 'signature' });
    expect(await screen.findByText(/El calendario se activa con la póliza/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendario previsto' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Pendiente/ })).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Atraso|^Al corriente/)).not.toBeInTheDocument();
  });

  it('says when there is no schedule, and offers Reintentar when it could not be read', async () => {
    const user = userEvent.setup({ delay: null });
    renderRents(agentUser, { [ledgerPath]: [{ status: 500, body: { statusCode: 500, error: 'Error', message: 'Falla del servidor' } }, { body: { ...previewLedger(), rows: [] } }] });
    expect(await screen.findByText('Error al cargar las rentas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Sin calendario')).toBeInTheDocument();
    expect(screen.getByText('La póliza no tiene fecha de inicio del contrato o renta.')).toBeInTheDocument();
  });

});
