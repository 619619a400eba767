import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { RentLedger } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, month, renderRents } from './rent-fixtures';

beforeEach(() => vi.spyOn(toast, 'success'));

const manager = { ...adminUser, id: 3, role: 'manager' as const };
const ledgerPath = 'GET /api/policy/5/rents';

/** The API's answer after March 2027 (month 3, id 103) was forgiven. */
function afterWaiver(): RentLedger {
  const before = arrearsLedger();
  return {
    ...before,
    rows: before.rows.map((row) => (row.id === 103 ? month(3, { state: 'waived', owed: '0.00', waivedReason: 'Acuerdo con el propietario' }) : row)),
    version: 5,
  };
}

describe("'Condonar renta'", () => {
  it('asks a manager for the reason, then shows the month forgiven with it', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderRents(manager, { [ledgerPath]: { body: arrearsLedger() }, 'POST /api/rents/months/103/waive': { body: afterWaiver() } });
    await user.click(await screen.findByRole('button', { name: /marzo 2027/ }));
    const details = await screen.findByRole('dialog', { name: 'Renta de marzo 2027' });
    await user.click(within(details).getByRole('button', { name: 'Condonar renta' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Condonar renta' });
    expect(confirm).toHaveTextContent('$18,500.00 por pagar');
    await user.click(within(confirm).getByRole('button', { name: 'Condonar renta' }));
    expect(await within(confirm).findByText('El campo Motivo es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/rents/months/103/waive')).toHaveLength(0);

    await user.type(within(confirm).getByLabelText('Motivo'), 'Acuerdo con el propietario');
    await user.click(within(confirm).getByRole('button', { name: 'Condonar renta' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const [sent] = net.callsTo('POST', '/api/rents/months/103/waive');
    expect(sent!.body).toEqual({ reason: 'Acuerdo con el propietario' });
    expect(sent!.ifMatch).toBe('"v4"');
    expect(toast.success).toHaveBeenCalledWith('Renta condonada', expect.anything());
    expect(await within(details).findByText('Acuerdo con el propietario')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Condonar renta' })).not.toBeInTheDocument();
  });

  it('is not offered for a paid month', async () => {
    const user = userEvent.setup({ delay: null });
    renderRents(manager, { [ledgerPath]: { body: arrearsLedger() } });
    await user.click(await screen.findByRole('button', { name: /diciembre 2026/ }));
    expect(within(await screen.findByRole('dialog')).queryByRole('button', { name: 'Condonar renta' })).not.toBeInTheDocument();
  });

  it('is not offered to an agent', async () => {
    const user = userEvent.setup({ delay: null });
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    await user.click(await screen.findByRole('button', { name: /marzo 2027/ }));
    expect(within(await screen.findByRole('dialog')).queryByRole('button', { name: 'Condonar renta' })).not.toBeInTheDocument();
  });
});
