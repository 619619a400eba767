import {
  centsToMoney,
  feeManagerRoles,
  feeMessages,
  feePayerLabels,
  hasRole,
  moneyToCents,
  quoteFeeCents,
  versionMatches,
  type FeePayer,
  type IfMatch,
  type PolicyFee,
} from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { AppError, conflict, ensure, forbidden, invalidField, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { staleVersion } from '../../../lib/conditional-write';
import { syncPolicyCommissions } from '../../brokers/index';
import { insertEvent } from '../../policies/index';
import * as repo from '../repository/fee';
import { readFee } from './fee-view';

/*
 * A policy's fee (issue 34): read, and edited by staff (who pays, the tariff's extras) and by
 * managers (a discount, always with its reason: the billing report lists it). Every write locks
 * the fee's row, checks If-Match against its version, and writes the history event — one
 * transaction.
 */

/** GET /api/policy/{id}/fee (another branch's policy: 404). */
export async function getFee(db: Executor, actor: AuthUser, policyId: number): Promise<PolicyFee> {
  ensure(await repo.findFeePolicy(db, policyId, actorScope(actor)), notFound(feeMessages.notFound));
  return readFee(db, policyId);
}

/** The fee's row under lock, and the 412 when the form saw another version. */
export async function lockFee(tx: Executor, policyId: number, ifMatch: IfMatch | undefined): Promise<repo.FeeRow> {
  const fee = ensure(await repo.findFee(tx, policyId, true), new AppError(409, feeMessages.notQuoted));
  if (!versionMatches(ifMatch, fee.version)) throw staleVersion(fee.updatedByName, fee.updatedAt);
  return fee;
}

export interface FeeEdit {
  payer?: FeePayer | undefined;
  ownerSharePercent?: string | null | undefined;
  extras?: string[] | undefined;
  discount?: string | undefined;
  discountReason?: string | undefined;
}

/** PUT /api/policy/{id}/fee. */
export async function updateFee(db: Db, actor: AuthUser, policyId: number, input: FeeEdit, ifMatch: IfMatch | undefined): Promise<PolicyFee> {
  return db.transaction(async (tx) => {
    ensure(await repo.findFeePolicy(tx, policyId, actorScope(actor)), notFound(feeMessages.notFound));
    const fee = await lockFee(tx, policyId, ifMatch);
    const notes: string[] = [];
    const changes: repo.FeeChanges = { ...payerChange(fee, input, notes), ...(await amountChanges(tx, actor, fee, input, notes)) };
    if (notes.length > 0) {
      await repo.updateFee(tx, policyId, changes, actor.id);
      // The total may have moved below or above what was collected: the state follows.
      await repo.recomputeCollected(tx, policyId, actor.id);
      await syncPolicyCommissions(tx, policyId);
      await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: notes.join('. ') });
    }
    return readFee(tx, policyId);
  });
}

function payerChange(fee: repo.FeeRow, input: FeeEdit, notes: string[]): repo.FeeChanges {
  const payer = input.payer ?? fee.payer;
  const share = payer === 'split' ? (input.ownerSharePercent ?? fee.ownerSharePercent) : null;
  if (payer === 'split' && share === null) throw invalidField('ownerSharePercent', feeMessages.ownerShareRequired);
  if (payer === fee.payer && share === fee.ownerSharePercent) return {};
  notes.push(feeMessages.payerEvent(payer === 'split' ? `${feePayerLabels.split} (propietario ${share} %)` : feePayerLabels[payer]));
  return { payer, ownerSharePercent: share };
}

/** The extras and the discount, with the amounts they give (the quote's own rule, to the centavo). */
async function amountChanges(tx: Executor, actor: AuthUser, fee: repo.FeeRow, input: FeeEdit, notes: string[]): Promise<repo.FeeChanges> {
  const extras = input.extras === undefined ? fee.extras : await chosenExtras(tx, fee, input.extras);
  const extrasChanged = extras.map((extra) => extra.key).join() !== fee.extras.map((extra) => extra.key).join();
  const discount = input.discount ?? fee.discount;
  const discountChanged = (moneyToCents(discount) ?? 0) !== (moneyToCents(fee.discount) ?? 0);
  if (!extrasChanged && !discountChanged) return {};
  if (extrasChanged && (moneyToCents(fee.collected) ?? 0) > 0) throw conflict(feeMessages.quoteLocked);
  const reason = discountChanged ? discountReasonOf(actor, input.discountReason) : fee.discountReason;
  const quote = quoteFeeCents({ rent: fee.rentAmount, ratePercent: fee.ratePercent, minimum: fee.minimum, ivaPercent: fee.ivaPercent, extras });
  const before = quote.baseAmount + quote.extrasAmount;
  if ((moneyToCents(discount) ?? 0) > before) throw invalidField('discount', feeMessages.discountTooLarge(centsToMoney(before)));
  const priced = quoteFeeCents({ rent: fee.rentAmount, ratePercent: fee.ratePercent, minimum: fee.minimum, ivaPercent: fee.ivaPercent, extras, discount });
  // The base stays as quoted (a tariff change never reaches it); only the extras and the discount move.
  if (extrasChanged) notes.push(feeMessages.extrasEvent(extras.map((extra) => extra.label).join(', ')));
  if (discountChanged) notes.push(feeMessages.discountEvent(centsToMoney(priced.discount), reason));
  return {
    extras,
    extrasAmount: centsToMoney(priced.extrasAmount),
    discount: centsToMoney(priced.discount),
    ...(discountChanged ? { discountReason: reason, discountBy: actor.id, discountAt: new Date() } : {}),
    subtotal: centsToMoney(priced.subtotal),
    iva: centsToMoney(priced.iva),
    total: centsToMoney(priced.total),
  };
}

/** A discount is a manager's, and always says why (400 naming 'motivo' without it). */
function discountReasonOf(actor: AuthUser, reason: string | undefined): string {
  if (!hasRole(actor.role, feeManagerRoles)) throw forbidden(feeMessages.discountForbidden);
  const text = (reason ?? '').trim();
  if (text.length < 3) throw invalidField('discountReason', feeMessages.discountReasonRequired);
  return text;
}

/** The extras named, from those the quoted tariff offers (400 for one it does not). */
async function chosenExtras(tx: Executor, fee: repo.FeeRow, keys: string[]) {
  const offered = await repo.offeredExtras(tx, fee.tariffId);
  const unknown = keys.find((key) => !offered.some((extra) => extra.key === key));
  if (unknown !== undefined) throw invalidField('extras', feeMessages.extraUnknown);
  return offered.filter((extra) => keys.includes(extra.key));
}

/** For the contracts module's 'Generar Contratos': 409 while the branch asks for the fee paid first and it is not. */
export async function ensureFeeAllowsContracts(db: Executor, policyId: number): Promise<void> {
  const gate = await repo.feeGate(db, policyId);
  if (gate.required && !gate.paid) throw new AppError(409, feeMessages.unpaidBeforeContracts, undefined, 'fee_unpaid');
}

