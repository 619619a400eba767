import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { RentProof, RentProofList } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, payment, renderRents } from './rent-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const ledgerPath = 'GET /api/policy/5/rents';
const proofsPath = 'GET /api/policy/5/rent-proofs';

const proof = (overrides: Partial<RentProof> = {}): RentProof => ({
  id: 7,
  amount: '18500.00',
  paidOn: '2027-03-08',
  method: 'transfer',
  reference: 'SPEI 777',
  fileName: 'spei.pdf',
  state: 'pending',
  rejectReason: null,
  sentBy: 'María López',
  sentAt: '2027-03-08T18:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  paymentId: null,
  ...overrides,
});
const list = (proofs: RentProof[]): RentProofList => ({ pending: proofs.filter((item) => item.state === 'pending').length, proofs });

describe("'Comprobantes del inquilino'", () => {
  it('says when the tenant sent none yet', async () => {
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() }, [proofsPath]: { body: list([]) } });
    expect(await screen.findByText('El inquilino aún no ha enviado comprobantes.')).toBeInTheDocument();
  });

  it('shows an error with Reintentar when the list cannot load', async () => {
    renderRents(agentUser, {
      [ledgerPath]: { body: arrearsLedger() },
      [proofsPath]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno.' } },
    });
    expect(await screen.findByText('Error al cargar los comprobantes', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("counts the ones to review; 'Confirmar' sends the amount and date as corrected, with the ledger's version", async () => {
    const confirmed = { ...arrearsLedger(), payments: [...arrearsLedger().payments, payment(40, { amount: '18000.00', receipt: { fileName: 'spei.pdf', size: 10 } })], version: 5 };
    const net = renderRents(agentUser, {
      [ledgerPath]: { body: arrearsLedger() },
      [proofsPath]: [{ body: list([proof(), proof({ id: 6, state: 'rejected', rejectReason: 'Ilegible' })]) }, { body: list([proof({ state: 'accepted', paymentId: 40 })]) }],
      'POST /api/rents/proofs/7/confirm': { body: confirmed },
    });
    expect(await screen.findByText('1 por revisar')).toBeInTheDocument();
    expect(screen.getByText('Rechazado: Ilegible')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Confirmar comprobante/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.clear(within(dialog).getByLabelText('Importe'));
    await user.type(within(dialog).getByLabelText('Importe'), '18000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar y registrar pago' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/rents/proofs/7/confirm')).toHaveLength(1));
    const [sent] = net.callsTo('POST', '/api/rents/proofs/7/confirm');
    expect(sent!.body).toEqual({ amount: '18000', receivedOn: '2027-03-08' });
    expect(sent!.ifMatch).toBe('"v4"');
    expect(await screen.findByText('Aceptado')).toBeInTheDocument();
  });

  it("'Rechazar' asks for the reason before sending", async () => {
    const net = renderRents(agentUser, {
      [ledgerPath]: { body: arrearsLedger() },
      [proofsPath]: { body: list([proof()]) },
      'POST /api/rents/proofs/7/reject': { body: list([proof({ state: 'rejected', rejectReason: 'No corresponde a la cuenta' })]) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Rechazar comprobante/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('El campo Motivo es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/rents/proofs/7/reject')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motivo'), 'No corresponde a la cuenta');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Rechazado: No corresponde a la cuenta')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/rents/proofs/7/reject')[0]!.body).toEqual({ reason: 'No corresponde a la cuenta' });
  });

  it('offers no decision to a role that does not record payments', async () => {
    renderRents({ ...adminUser, role: 'approver' }, { [ledgerPath]: { body: arrearsLedger() }, [proofsPath]: { body: list([proof()]) } });
    expect(await screen.findByText('1 por revisar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar comprobante/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enlace para el inquilino' })).not.toBeInTheDocument();
  });
});
