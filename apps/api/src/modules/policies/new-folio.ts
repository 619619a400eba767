import crypto from 'node:crypto';
import { formatInvestigationFolio, freeFolioNumbers, investigationFolioMinute, policyMessages } from '@portal/domain';
import type { Executor } from '../../db/client';
import { conflict, isUniqueViolation } from '../../lib/app-error';
import { takenFolioNumbers } from './repository';

const folioIndex = 'policies_investigation_id_key';

/**
 * Runs `write` (the transaction inserting a new policy) under a new investigation folio
 * `INV-{ddMMyyyy}-{HHmm}-{3 digits}` (spec): a number drawn at random among those of the current
 * minute still free, so a create is refused (409, saying why) only when all 1,000 are taken.
 *
 * Two creates may still draw the same free number at the same moment: the unique index decides,
 * and the loser draws again among what is free then. Each such retry follows a create that took a
 * number of the minute (or the minute changed), so the loop ends. Drawing blindly among all
 * 1,000 (as before) collided more and more as the minute filled, and gave up after five tries.
 */
export async function withNewFolio<T>(db: Executor, write: (folio: string) => Promise<T>): Promise<T> {
  for (;;) {
    const now = new Date();
    const free = freeFolioNumbers(await takenFolioNumbers(db, investigationFolioMinute(now)));
    if (free.length === 0) throw conflict(policyMessages.folioUnavailable);
    try {
      return await write(formatInvestigationFolio(now, free[crypto.randomInt(free.length)]!));
    } catch (error) {
      if (!isUniqueViolation(error, folioIndex)) throw error;
    }
  }
}
