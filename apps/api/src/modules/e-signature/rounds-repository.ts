import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, linkSignatures, policies, publicLinks, signingRounds, users } from '../../db/schema/index';

/*
 * The SQL of a round's life after its start (issue 35): the office's representative who signs,
 * the signers a reminder is due to, and the rounds whose deadline passed. The daily job reads
 * candidates here, then takes each round's lock and checks again before it writes.
 */

export interface LegalRepresentative {
  id: number;
  name: string;
  email: string;
  mobile: string;
  phone: string;
  rfc: string;
  curp: string;
}

/** The branch's legal representative: its active user marked so (the users API keeps it to one); null when none. */
export async function legalRepresentativeOf(db: Executor, branchId: number): Promise<LegalRepresentative | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      mobile: users.mobile,
      phone: users.phone,
      rfc: users.rfc,
      curp: users.curp,
    })
    .from(users)
    .where(and(eq(users.branchId, branchId), eq(users.legalRepresentative, true), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/** The open rounds whose deadline passed by `now`, oldest first. */
export async function expiredOpenRounds(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: signingRounds.id })
    .from(signingRounds)
    .where(and(eq(signingRounds.status, 'open'), isNotNull(signingRounds.expiresAt), lte(signingRounds.expiresAt, now)))
    .orderBy(asc(signingRounds.id));
  return rows.map((row) => row.id);
}

export interface DueReminder {
  linkId: number;
  roundId: number;
}

/**
 * The signers of open rounds (deadline not passed) a reminder is due to: invited (their turn
 * came), not signed, declined nor locked, their link alive, fewer reminders than their branch's
 * maximum, and the last e-mail of their link — the invitation, a reminder or a staff resend — on
 * `lastSentBy` (a Mexico City date) or before. `onlyLinkId`: whether that one signer is still due.
 */
export async function dueReminders(db: Executor, now: Date, lastSentBy: string, onlyLinkId?: number): Promise<DueReminder[]> {
  const lastSent = sql`greatest(${linkSignatures.invitedAt}, ${linkSignatures.lastRemindedAt}, ${publicLinks.lastSentAt})`;
  return db
    .select({ linkId: linkSignatures.linkId, roundId: linkSignatures.roundId })
    .from(linkSignatures)
    .innerJoin(signingRounds, eq(signingRounds.id, linkSignatures.roundId))
    .innerJoin(publicLinks, eq(publicLinks.id, linkSignatures.linkId))
    .innerJoin(policies, eq(policies.id, signingRounds.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(
      and(
        eq(signingRounds.status, 'open'),
        sql`(${signingRounds.expiresAt} is null or ${signingRounds.expiresAt} > ${now})`,
        isNotNull(linkSignatures.invitedAt),
        isNull(linkSignatures.signedAt),
        isNull(linkSignatures.declinedAt),
        isNull(linkSignatures.lockedAt),
        isNull(publicLinks.revokedAt),
        isNull(publicLinks.finishedAt),
        lt(linkSignatures.remindersSent, branches.signingReminderMax),
        sql`(${lastSent} at time zone 'America/Mexico_City')::date <= ${lastSentBy}::date`,
        onlyLinkId === undefined ? undefined : eq(linkSignatures.linkId, onlyLinkId),
      ),
    )
    .orderBy(asc(linkSignatures.roundId), asc(linkSignatures.position));
}
