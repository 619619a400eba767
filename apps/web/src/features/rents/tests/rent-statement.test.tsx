import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, month, previewLedger, renderRents } from './rent-fixtures';

const ledgerPath = 'GET /api/policy/5/rents';
const statementPath = 'GET /api/policy/5/rents/statement.pdf';

afterEach(() => vi.restoreAllMocks());

describe("the expediente's 'Estado de cuenta (PDF)'", () => {
  it('downloads the statement with the token, named after the policy and the day', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:estado');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const net = renderRents({ ...agentUser, role: 'approver' }, { [ledgerPath]: { body: arrearsLedger() }, [statementPath]: { body: '%PDF' } });
    // An approver records no payment, but reads the ledger: the statement is theirs too.
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Estado de cuenta (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^estado-de-cuenta-POL-\w+-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(net.callsTo('GET', '/api/policy/5/rents/statement.pdf')[0]?.authorization).toBe('Bearer access-1');
  });

  it('says so in a toast when the statement cannot be drawn', async () => {
    const error = vi.spyOn(toast, 'error');
    renderRents(agentUser, {
      [ledgerPath]: { body: arrearsLedger() },
      [statementPath]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'La póliza aún no tiene calendario de rentas' } },
    });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Estado de cuenta (PDF)' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('No se pudo descargar el estado de cuenta', expect.objectContaining({ description: 'La póliza aún no tiene calendario de rentas' })));
  });

  it('is not offered before the schedule exists', async () => {
    renderRents(adminUser, { [ledgerPath]: { body: previewLedger() } }, { status: 'signature' });
    expect(await screen.findByText(/El calendario se activa con la póliza/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Estado de cuenta (PDF)' })).not.toBeInTheDocument();
  });
});

describe("each month's pagaré", () => {
  it("is in its cell: 'En custodia', 'Pagado' or 'Vencido'; the month's details say a paid one is returnable", async () => {
    const ledger = arrearsLedger();
    ledger.rows[11] = month(11);
    renderRents(agentUser, { [ledgerPath]: { body: ledger } });
    const cells = within(await screen.findByRole('list', { name: 'Calendario de rentas' })).getAllByRole('button');
    expect(cells[0]).toHaveTextContent('Pagaré 1/12: Pagado');
    expect(cells[2]).toHaveTextContent('Pagaré 3/12: Vencido');
    expect(cells[11]).toHaveTextContent('Pagaré 12/12: En custodia');

    const user = userEvent.setup({ delay: null });
    await user.click(cells[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Renta de diciembre 2026' });
    expect(within(dialog).getByText('Pagaré').nextSibling).toHaveTextContent('1 de 12 · Pagado (devolvible al inquilino)');
    await user.keyboard('{Escape}');
    await user.click(cells[2]!);
    expect(within(await screen.findByRole('dialog', { name: 'Renta de febrero 2027' })).getByText('Pagaré').nextSibling).toHaveTextContent('3 de 12 · Vencido (prueba para la incidencia)');
  });
});
