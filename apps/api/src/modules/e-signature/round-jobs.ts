import { businessDate, reminderEveryDays, roundMessages, signingSubjectLabels } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { notifySignatureExpired } from '../notifications/index';
import { insertEvent } from '../policies/index';
import { sendLinkAgain } from '../public-links/index';
import * as repo from './repository';
import { roundExpired } from './signer-context';

/*
 * The daily 'signing-rounds' job (issue 35). First the deadlines: an open round whose
 * `expires_at` passed is marked expired, its links stop working, the history says so and staff
 * are told (they may send it again). Then the reminders: a signer whose turn came and who has not
 * signed is e-mailed a new link (the previous one stops working) two days after the last e-mail
 * of their link, then every two days, at most the branch's number of times. Each round is written
 * in its own transaction, holding the links and the round's row (in a signature's order), and
 * checked again there.
 */

const dayMs = 86_400_000;

export interface SigningRoundsDay {
  today: string;
  expired: number;
  reminded: number;
  /** Reminders due but not sent: the round has no address for its links and PUBLIC_URL is not set. */
  skipped: number;
}

export async function runSigningRounds(db: Db, now: Date = new Date(), options: { publicUrl?: string | undefined } = {}): Promise<SigningRoundsDay> {
  let expired = 0;
  for (const roundId of await repo.expiredOpenRounds(db, now)) {
    if (await db.transaction((tx) => expireRound(tx, roundId, now))) expired++;
  }
  const today = businessDate(now);
  const lastSentBy = businessDate(new Date(now.getTime() - reminderEveryDays * dayMs));
  let reminded = 0;
  let skipped = 0;
  for (const due of await repo.dueReminders(db, now, lastSentBy)) {
    const outcome = await db.transaction((tx) => remind(tx, due, now, lastSentBy, options.publicUrl));
    if (outcome === 'sent') reminded++;
    if (outcome === 'no-address') skipped++;
  }
  return { today, expired, reminded, skipped };
}

/** Marks one round expired (when it still is open and past its deadline): links revoked, history and staff told. */
async function expireRound(tx: Executor, roundId: number, now: Date): Promise<boolean> {
  await repo.lockRoundLinks(tx, roundId);
  const round = await repo.findRound(tx, roundId, true);
  if (!round || round.status !== 'open' || !roundExpired(round, now)) return false;
  const signers = await repo.roundSigners(tx, roundId);
  await repo.closeRound(tx, roundId, 'expired', now);
  await repo.revokeRoundLinks(tx, roundId, now, null);
  const note = round.subject === 'contracts' ? roundMessages.expiredNote : `${signingSubjectLabels[round.subject]}: ${roundMessages.expiredNote}`;
  await insertEvent(tx, { policyId: round.policyId, userId: null, fromStatus: null, toStatus: null, changes: [], note, bySystem: true });
  const signed = signers.filter((signer) => signer.signedAt !== null).length;
  await notifySignatureExpired(tx, { policyId: round.policyId, roundId, signed, total: signers.length });
  return true;
}

type ReminderOutcome = 'sent' | 'not-due' | 'no-address';

/** One signer's reminder, checked again under the round's lock (they may have signed, or another run reminded them, since the job read them). */
async function remind(tx: Executor, due: repo.DueReminder, now: Date, lastSentBy: string, publicUrl: string | undefined): Promise<ReminderOutcome> {
  await repo.lockRoundLinks(tx, due.roundId, due.linkId);
  const round = await repo.findRound(tx, due.roundId, true);
  const signature = await repo.findSignature(tx, due.linkId, true);
  if (!round || !signature || (await repo.dueReminders(tx, now, lastSentBy, due.linkId)).length === 0) return 'not-due';
  const baseUrl = round.linksBaseUrl || publicUrl;
  if (!baseUrl) return 'no-address';
  await sendLinkAgain(tx, due.linkId, {
    baseUrl,
    // Its link lives until the round's deadline (a round made before issue 35 has none: a week).
    expiresAt: round.expiresAt ?? new Date(now.getTime() + 7 * dayMs),
    reason: 'reminder',
    ...(round.subject === 'contracts' ? {} : { document: round.subject }),
    now,
  });
  await repo.updateSignature(tx, due.linkId, { remindersSent: signature.remindersSent + 1, lastRemindedAt: now });
  return 'sent';
}
