import { businessDate, expiryReminderDays, type ExpiryReminderDay } from '@portal/domain';
import type { Db } from '../../db/client';
import { dailyMoves, findReminders, moveDueBatch } from './repository';

/** What one daily run did, for the job that calls it (and its log). */
export interface DailyLifecycleResult {
  /** The Mexico City calendar day the run worked for, `yyyy-MM-dd`. */
  today: string;
  /** Policies moved 'Activa' → 'Por vencer'. */
  expiring: number;
  /** Policies moved 'Activa' or 'Por vencer' → 'Vencida'. */
  expired: number;
  /** Policies in force whose end date is exactly 60, 30 or 7 days away: the caller notifies. */
  reminders: Array<{ policyId: number; daysLeft: ExpiryReminderDay }>;
}

/**
 * Rows a batch moves in one transaction: short enough that a run over a million due policies
 * (a first run after a long stop) never holds a long lock, large enough to be few statements.
 */
const batchSize = 5000;

/** The Mexico City calendar day of an instant, `yyyy-MM-dd`. */
export function businessToday(now: Date): string {
  return businessDate(now);
}

/**
 * The daily status rules (issue 15), for the day `now` falls on in Mexico City: policies past
 * their end date expire, then policies within their branch's notice period become 'Por vencer'.
 * Each move is set-based SQL, one transaction per batch of `batchSize`, with a history event by
 * "Sistema". Idempotent: a second run the same day finds nothing due. Then the day's reminders.
 */
export async function runDailyLifecycle(db: Db, now: Date): Promise<DailyLifecycleResult> {
  const today = businessToday(now);
  const expired = await moveAll(db, dailyMoves.expire, today, now);
  const expiring = await moveAll(db, dailyMoves.markExpiring, today, now);
  const reminders = await findReminders(db, today, expiryReminderDays);
  return { today, expiring, expired, reminders };
}

async function moveAll(db: Db, move: (typeof dailyMoves)[keyof typeof dailyMoves], today: string, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction((tx) => moveDueBatch(tx, move, today, now, batchSize));
    total += moved;
    if (moved < batchSize) return total;
  }
}
