import crypto from 'node:crypto';
import { formatInvestigationFolio, freeFolioNumbers, investigationFolioMinute, policyMessages } from '@portal/domain';
import type { Executor } from '../../db/client';
import { conflict, isUniqueViolation } from '../../lib/app-error';
import { takenFolioNumbers } from './repository/numbering';

const folioIndex = 'policies_investigation_id_key';

/** Draws a new folio; `tx` is the transaction the policy is inserted in, read only when needed. */
export type FolioDraw = (tx: Executor) => Promise<string>;

/**
 * The numbers of one minute this process knows are taken: those it drew (a create under way or
 * done) and, after a collision, those the database holds; `drawing`, those of creates under way.
 * Kept per database (the pool).
 */
interface KnownFolios {
  minute: string;
  taken: Set<number>;
  drawing: Set<number>;
}

const knownFolios = new WeakMap<Executor, KnownFolios>();

function knownFor(db: Executor, minute: string): KnownFolios {
  let known = knownFolios.get(db);
  if (!known || known.minute !== minute) knownFolios.set(db, (known = { minute, taken: new Set(), drawing: new Set() }));
  return known;
}

/**
 * Runs `write` (the statement or transaction inserting a new policy) under a new investigation
 * folio `INV-{ddMMyyyy}-{HHmm}-{3 digits}` (spec): `write` calls `draw` right before the insert,
 * for a number drawn at random among those of the current minute still free, so a create is
 * refused (409, saying why) only when all 1,000 are taken.
 *
 * Which are free: the process remembers the numbers it drew this minute, and draws among the
 * others without asking the database (issue 30: reading the minute's taken numbers was a statement
 * of its own in every create). Another instance, a renewal elsewhere or straight SQL may have
 * taken the number drawn: the unique index decides, and the loser runs `write` again, this time
 * reading what the database holds (in `write`'s transaction when it has one) and drawing among
 * what is free then. Each retry follows a create that took a number of the minute (or the minute
 * changed), so the loop ends. A number drawn by a write that failed for another reason is free
 * again.
 */
export async function withNewFolio<T>(db: Executor, write: (draw: FolioDraw) => Promise<T>): Promise<T> {
  let collided = false;
  for (;;) {
    let drawn: { known: KnownFolios; number: number } | undefined;
    const draw: FolioDraw = async (tx) => {
      const now = new Date();
      const known = knownFor(db, investigationFolioMinute(now));
      let free = freeFolioNumbers(known.taken);
      if (collided || free.length === 0) {
        // What the database holds, and what creates of this process under way are writing.
        known.taken = new Set([...(await takenFolioNumbers(tx, known.minute)), ...known.drawing]);
        free = freeFolioNumbers(known.taken);
      }
      if (free.length === 0) throw conflict(policyMessages.folioUnavailable);
      const number = free[crypto.randomInt(free.length)]!;
      known.taken.add(number);
      known.drawing.add(number);
      drawn = { known, number };
      return formatInvestigationFolio(now, number);
    };
    try {
      return await write(draw);
    } catch (error) {
      if (!isUniqueViolation(error, folioIndex)) {
        drawn?.known.taken.delete(drawn.number);
        throw error;
      }
      collided = true;
    } finally {
      drawn?.known.drawing.delete(drawn.number);
    }
  }
}
