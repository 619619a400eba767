import crypto from 'node:crypto';
import { formatInvestigationFolio, freeFolioNumbers, investigationFolioMinute, policyMessages } from '@portal/domain';
import type { Executor } from '../../db/client';
import { conflict, isUniqueViolation } from '../../lib/app-error';
import { takenFolioNumbers } from './repository';

const folioIndex = 'policies_investigation_id_key';

/** Draws a new folio with the transaction the policy is inserted in (see withNewFolio). */
export type FolioDraw = (tx: Executor) => Promise<string>;

/**
 * Runs `write` (the transaction inserting a new policy) under a new investigation folio
 * `INV-{ddMMyyyy}-{HHmm}-{3 digits}` (spec): `write` calls `draw` in its transaction, right before
 * the insert, for a number drawn at random among those of the current minute still free, so a
 * create is refused (409, saying why) only when all 1,000 are taken. Reading them inside the
 * transaction keeps a create on one pool checkout (issue 30).
 *
 * Two creates may still draw the same free number at the same moment: the unique index decides,
 * and the loser runs `write` again, drawing among what is free then. Each such retry follows a
 * create that took a number of the minute (or the minute changed), so the loop ends. Drawing
 * blindly among all 1,000 (as before) collided more and more as the minute filled, and gave up
 * after five tries.
 */
export async function withNewFolio<T>(write: (draw: FolioDraw) => Promise<T>): Promise<T> {
  const draw: FolioDraw = async (tx) => {
    const now = new Date();
    const free = freeFolioNumbers(await takenFolioNumbers(tx, investigationFolioMinute(now)));
    if (free.length === 0) throw conflict(policyMessages.folioUnavailable);
    return formatInvestigationFolio(now, free[crypto.randomInt(free.length)]!);
  };
  for (;;) {
    try {
      return await write(draw);
    } catch (error) {
      if (!isUniqueViolation(error, folioIndex)) throw error;
    }
  }
}
