import { centsToMoney, moneyToCents, percentOfCents, type FeeState, type PolicyFee } from '@portal/domain';
import type { Executor } from '../../../db/client';
import * as repo from '../repository/fee';

/** The policy's fee as GET /api/policy/{id}/fee answers it (also every write's answer). */
export async function readFee(db: Executor, policyId: number): Promise<PolicyFee> {
  const fee = await repo.findFee(db, policyId);
  if (!fee) return unquoted(policyId);
  const [payments, offeredExtras] = await Promise.all([repo.loadFeePayments(db, policyId), repo.offeredExtras(db, fee.tariffId)]);
  const total = moneyToCents(fee.total) ?? 0;
  const collected = moneyToCents(fee.collected) ?? 0;
  return {
    policyId,
    quote: {
      tariffVersion: fee.tariffVersion,
      rentAmount: fee.rentAmount,
      ratePercent: fee.ratePercent,
      minimum: fee.minimum,
      ivaPercent: fee.ivaPercent,
      baseAmount: fee.baseAmount,
      extras: fee.extras,
      extrasAmount: fee.extrasAmount,
      discount: fee.discount,
      discountReason: fee.discountReason,
      discountBy: fee.discountByName,
      subtotal: fee.subtotal,
      iva: fee.iva,
      total: fee.total,
      quotedAt: fee.quotedAt.toISOString(),
    },
    payer: fee.payer,
    ownerSharePercent: fee.ownerSharePercent,
    shares: sharesOf(total, fee.payer, fee.ownerSharePercent),
    offeredExtras,
    payments: payments.map((payment) => ({
      ...payment,
      recordedAt: payment.recordedAt.toISOString(),
      reversal: payment.reversal ? { ...payment.reversal, at: payment.reversal.at.toISOString() } : null,
    })),
    collected: fee.collected,
    outstanding: centsToMoney(Math.max(total - collected, 0)),
    state: fee.state,
    paidOn: fee.paidOn,
    version: fee.version,
  };
}

/** Before the rent is known: nothing quoted, nothing owed (version 0: no row yet). */
function unquoted(policyId: number): PolicyFee {
  const state: FeeState = 'pending';
  return { policyId, quote: null, payer: 'tenant', ownerSharePercent: null, shares: { owner: '0.00', tenant: '0.00' }, offeredExtras: [], payments: [], collected: '0.00', outstanding: '0.00', state, paidOn: null, version: 0 };
}

/** What each side pays of the total: the owner's share rounded to the centavo, the tenant the rest. */
function sharesOf(totalCents: number, payer: PolicyFee['payer'], ownerSharePercent: string | null): PolicyFee['shares'] {
  const owner = payer === 'owner' ? totalCents : payer === 'tenant' ? 0 : percentOfCents(totalCents, ownerSharePercent);
  return { owner: centsToMoney(owner), tenant: centsToMoney(totalCents - owner) };
}
