import { businessDate, lastDayOnTime, moneyToCents, rentConfirmationMessages as messages, rentMessages, type RentConfirmationLink } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { e164Phone, newLinkToken, whatsappUrl } from '../../public-links/index';
import * as repo from '../repository/confirmations';
import { lockSchedule } from '../repository/ledger';
import { confirmationExpiry, confirmationUrl } from './asking';

/*
 * 'Pedir confirmación por WhatsApp' (issue 32): a fresh link for the month (the open
 * confirmation's, whose earlier link stops opening, or a new one), answered once with the
 * message to send — the server keeps only the token's hash.
 */

const settledStates = new Set(['paid', 'paid_late', 'waived']);

async function scopedMonth(tx: Executor, actor: AuthUser, monthId: number): Promise<repo.LinkMonth> {
  return ensure(await repo.findLinkMonth(tx, monthId, actorScope(actor)), notFound(messages.monthNotFound));
}

/** POST /api/rents/months/{id}/confirmation-link. */
export async function issueConfirmationLink(db: Db, actor: AuthUser, monthId: number, baseUrl: string, now: Date = new Date()): Promise<RentConfirmationLink> {
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const { policyId } = await scopedMonth(tx, actor, monthId);
    await lockSchedule(tx, policyId);
    // Read again under the schedule's lock: a payment recorded meanwhile settles it.
    const month = await scopedMonth(tx, actor, monthId);
    if (month.policyStatus === 'cancelled') throw conflict(rentMessages.cancelled);
    if (settledStates.has(month.state) || (moneyToCents(month.owed) ?? 0) === 0) throw conflict(messages.monthSettled);
    if (lastDayOnTime(month) >= today) throw conflict(messages.notPastDeadline);
    const { token, tokenHash } = newLinkToken();
    await repo.reissueConfirmation(tx, { monthId, policyId, tokenHash }, now, confirmationExpiry(now));
    const url = confirmationUrl(baseUrl, token);
    const text = messages.whatsappText(messages.question(month.period, month.owed), url);
    return { url, whatsappText: text, whatsappUrl: whatsappUrl(e164Phone(month.ownerMobile, month.ownerPhone), text) };
  });
}
