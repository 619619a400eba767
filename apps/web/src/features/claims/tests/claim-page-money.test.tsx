import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ClaimMovement } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { claimPath, makeClaim, managerUser, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

function movement(id: number, overrides: Partial<ClaimMovement> = {}): ClaimMovement {
  return { id, kind: 'court_fees', amount: '1200.00', on: '2027-04-02', description: 'Copias certificadas', recordedBy: 'Lucía Abogada', reversedAt: null, reversalReason: null, ...overrides };
}

const movements = [
  movement(1),
  movement(2, { kind: 'recovery', amount: '18500.00', on: '2027-05-10', description: '' }),
  movement(3, { kind: 'notary', amount: '900.00', on: '2027-04-05', description: '', reversedAt: '2027-04-06T17:00:00.000Z', reversalReason: 'Se registró en otra incidencia' }),
];
const withMoney = (overrides = {}) => makeClaim({ movements, totals: { costs: '1200.00', recovered: '18500.00', paidToOwner: '0.00' }, ...overrides });

describe("an incidencia's 'Costos y recuperación'", () => {
  it('shows the totals and the movements, a reversed one struck through with its reason', async () => {
    renderClaimPage(agentUser, { [claimPath]: { body: withMoney() } }, 'costos');
    expect(await screen.findByText('Costos')).toBeInTheDocument();
    expect(screen.getByText('Costos').nextSibling).toHaveTextContent('$1,200.00');
    expect(screen.getByText('Recuperado').nextSibling).toHaveTextContent('$18,500.00');
    expect(screen.getByText('Entregado al propietario').nextSibling).toHaveTextContent('$0.00');
    const rows = within(screen.getByRole('list', { name: 'Movimientos' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Monto recuperado · $18,500.00 · 10 may 2027');
    expect(within(rows[1]!).getByText('Notario · $900.00 · 05 abr 2027')).toHaveClass('line-through');
    expect(rows[1]).toHaveTextContent('Revertido el 06 abr 2027: Se registró en otra incidencia');
    // Only those who answer for the money reverse.
    expect(screen.queryByRole('button', { name: /^Revertir/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar movimiento' })).toBeInTheDocument();
  });

  it('records a movement with the API’s checks', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() }, 'POST /api/claims/42/movements': { status: 201, body: withMoney({ version: 4 }) } }, 'costos');
    await user.click(await screen.findByRole('button', { name: 'Registrar movimiento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar movimiento' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar movimiento' }));
    expect(await within(dialog).findByText('El campo Concepto no es válido')).toBeInTheDocument();
    expect(within(dialog).getByText(/El campo Importe debe ser un importe mayor que cero/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/claims/42/movements')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Concepto'), 'Gastos de juzgado');
    await user.type(within(dialog).getByLabelText('Importe'), '1,200');
    await user.clear(within(dialog).getByLabelText('Fecha'));
    await user.type(within(dialog).getByLabelText('Fecha'), '2027-04-02');
    await user.type(within(dialog).getByLabelText('Descripción'), 'Copias certificadas');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar movimiento' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/movements')[0]!.body).toEqual({ kind: 'court_fees', amount: '1200.00', on: '2027-04-02', description: 'Copias certificadas' });
    expect(await screen.findByRole('list', { name: 'Movimientos' })).toBeInTheDocument();
  });

  it("asks a manager for the reason before 'Revertir', then shows it struck through", async () => {
    const user = userEvent.setup({ delay: null });
    const reversed = withMoney({ movements: movements.map((row) => (row.id === 1 ? { ...row, reversedAt: '2027-04-03T17:00:00.000Z', reversalReason: 'Duplicado' } : row)), totals: { costs: '0.00', recovered: '18500.00', paidToOwner: '0.00' }, version: 4 });
    const net = renderClaimPage(managerUser, { [claimPath]: { body: withMoney() }, 'POST /api/claims/movements/1/reverse': { body: reversed } }, 'costos');
    const buttons = await screen.findAllByRole('button', { name: /^Revertir/ });
    expect(buttons).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Revertir Gastos de juzgado · $1,200.00 · 02 abr 2027' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revertir movimiento' });
    await user.click(within(dialog).getByRole('button', { name: 'Revertir movimiento' }));
    expect(await within(dialog).findByText('El campo Motivo es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/claims/movements/1/reverse')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo'), 'Duplicado');
    await user.click(within(dialog).getByRole('button', { name: 'Revertir movimiento' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/movements/1/reverse')[0]!.body).toEqual({ reason: 'Duplicado' });
    expect(toast.success).toHaveBeenCalledWith('Movimiento revertido', expect.anything());
    expect(await screen.findByText(/Revertido el 03 abr 2027: Duplicado/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Revertir/ })).toHaveLength(1);
    expect(screen.getByText('Costos').nextSibling).toHaveTextContent('$0.00');
  });
});
