import { businessTimeZone, rentConfirmationMessages, rentConfirmationValidDays } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { queueEmails, rentConfirmationEmail, type NewEmail } from '../../email/index';
import { notifyRentConfirmationUnanswered } from '../../notifications/index';
import { newLinkToken } from '../../public-links/index';
import * as repo from '../repository/confirmations';

/*
 * The daily run's asking (issue 32): each month past its deadline and still owed gets its owner
 * one e-mail with a personal link; three days without an answer, one more with a fresh link;
 * three more days, the agent is told. Each step finds its rows in one statement and is a no-op
 * the second time the same day.
 */

const dayMs = 86_400_000;
/** Rows written per statement: a first run over a large portfolio asks about many months at once. */
const batchSize = 500;

/** The owner's page for a token. */
export const confirmationUrl = (baseUrl: string, token: string) => `${baseUrl}/r/${token}`;

export const confirmationExpiry = (now: Date) => new Date(now.getTime() + rentConfirmationValidDays * dayMs);

const longDate = (date: Date) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: businessTimeZone }).format(date);

function ownerEmail(row: repo.AskRow, url: string, expiresAt: Date): NewEmail {
  const question = rentConfirmationMessages.question(row.period, row.owed);
  const email = rentConfirmationEmail({ ownerName: row.ownerName, branchName: row.branchName, question, propertyAddress: row.propertyAddress, url, expiresOn: longDate(expiresAt) });
  return { recipient: row.ownerEmail, kind: 'rent_confirmation', ...email };
}

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize);
}

export interface AskingReport {
  ownersAsked: number;
  ownersAskedAgain: number;
  agentsTold: number;
}

/** The three steps, with `tx`; `baseUrl` is where the owners open their links (PUBLIC_URL). */
export async function askOwners(tx: Executor, run: { today: string; now: Date; baseUrl: string }): Promise<AskingReport> {
  const expiresAt = confirmationExpiry(run.now);
  let ownersAsked = 0;
  for (const batch of batches(await repo.monthsToAsk(tx, run.today))) {
    const issued = batch.map((row) => ({ row, ...newLinkToken() }));
    const written = new Set(await repo.insertConfirmations(tx, issued.map(({ row, tokenHash }) => ({ monthId: row.monthId, policyId: row.policyId, tokenHash })), run.now, expiresAt));
    await queueEmails(
      tx,
      issued.filter(({ row }) => written.has(row.monthId)).map(({ row, token }) => ownerEmail(row, confirmationUrl(run.baseUrl, token), expiresAt)),
    );
    ownersAsked += written.size;
  }

  let ownersAskedAgain = 0;
  for (const batch of batches(await repo.confirmationsToAskAgain(tx, run.today))) {
    const issued = batch.map((row) => ({ row, ...newLinkToken() }));
    const refreshed = new Set(await repo.refreshTokens(tx, issued.map(({ row, tokenHash }) => ({ id: row.confirmationId, tokenHash })), run.now, expiresAt));
    await queueEmails(
      tx,
      issued.filter(({ row }) => refreshed.has(row.confirmationId)).map(({ row, token }) => ownerEmail(row, confirmationUrl(run.baseUrl, token), expiresAt)),
    );
    ownersAskedAgain += refreshed.size;
  }

  let agentsTold = 0;
  for (const unanswered of await repo.escalateUnanswered(tx, run.today, run.now)) agentsTold += await notifyRentConfirmationUnanswered(tx, unanswered);
  return { ownersAsked, ownersAskedAgain, agentsTold };
}
