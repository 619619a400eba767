import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { efirmaSignatures, signingRounds } from '../../../db/schema/index';
import type { EfirmaSignatureDigest, RoundTimestamp } from '../evidence';

/** The e.firma signatures recorded for a round (each .p7s's digest), oldest first. */
export async function roundEfirmaDigests(db: Executor, roundId: number): Promise<EfirmaSignatureDigest[]> {
  return db
    .select({ linkId: efirmaSignatures.linkId, covers: efirmaSignatures.covers, cmsSha256: efirmaSignatures.cmsSha256 })
    .from(efirmaSignatures)
    .where(eq(efirmaSignatures.roundId, roundId))
    .orderBy(efirmaSignatures.id);
}

/** The time-stamp taken when the round completed (or why there is none), kept on the round. */
export async function saveRoundTimestamp(db: Executor, roundId: number, timestamp: RoundTimestamp): Promise<void> {
  const stamped = timestamp.status === 'stamped' ? timestamp : null;
  await db
    .update(signingRounds)
    .set({
      timestampStatus: timestamp.status,
      timestampDigest: timestamp.digest,
      timestampToken: stamped?.token ?? null,
      timestampAt: stamped?.time ?? null,
      timestampSerial: stamped?.serial.slice(0, 80) ?? null,
      timestampAuthority: stamped?.authority.slice(0, 300) ?? null,
    })
    .where(eq(signingRounds.id, roundId));
}
