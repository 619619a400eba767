import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { efirmaSignatures, linkSignatures, publicLinks, signingRounds } from '../../../db/schema/index';

const columns = {
  id: efirmaSignatures.id,
  signerName: linkSignatures.signerName,
  party: publicLinks.party,
  covers: efirmaSignatures.covers,
  documentSha256: efirmaSignatures.documentSha256,
  cmsSha256: efirmaSignatures.cmsSha256,
  size: efirmaSignatures.size,
  storedName: efirmaSignatures.storedName,
};

/** A round's e.firma signatures (one when `signatureId` is given), the round being the policy's. */
export async function signaturesOf(db: Executor, policyId: number, roundId: number, signatureId?: number) {
  return db
    .select(columns)
    .from(efirmaSignatures)
    .innerJoin(signingRounds, eq(signingRounds.id, efirmaSignatures.roundId))
    .innerJoin(linkSignatures, eq(linkSignatures.linkId, efirmaSignatures.linkId))
    .innerJoin(publicLinks, eq(publicLinks.id, efirmaSignatures.linkId))
    .where(and(eq(efirmaSignatures.roundId, roundId), eq(signingRounds.policyId, policyId), signatureId === undefined ? undefined : eq(efirmaSignatures.id, signatureId)))
    .orderBy(publicLinks.id, efirmaSignatures.id);
}
