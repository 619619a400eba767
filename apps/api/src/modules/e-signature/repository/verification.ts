import { and, desc, eq, sql } from 'drizzle-orm';
import type { ContractDocumentKind } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { contractDocuments, signingRounds } from '../../../db/schema/index';

/** A round's row (repository.ts names it RoundRow). */
type RoundRow = typeof signingRounds.$inferSelect;

/*
 * /verificar's reads (issue 35): a completed round by its code, or by the SHA-256 of a signed
 * document it produced — a contract of its signed pack version, or a document signed on its own.
 */

/** The completed round printed with this code (an open or cancelled round verifies nothing). */
export async function completedRoundByCode(db: Executor, code: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(signingRounds)
    .where(and(eq(signingRounds.verificationCode, code), eq(signingRounds.status, 'completed')));
  return row;
}

export interface SignedMatch {
  round: RoundRow;
  /** The contract whose signed PDF has this SHA-256; null for a round's own document. */
  kind: ContractDocumentKind | null;
}

/** The completed round that produced a signed document with this SHA-256 (the newest, should two ever share it). */
export async function roundBySignedSha256(db: Executor, sha256: string): Promise<SignedMatch | undefined> {
  const [contract] = await db
    .select({ round: signingRounds, kind: contractDocuments.kind })
    .from(contractDocuments)
    .innerJoin(
      signingRounds,
      and(eq(signingRounds.policyId, contractDocuments.policyId), eq(signingRounds.signedPackVersion, contractDocuments.packVersion), eq(signingRounds.status, 'completed')),
    )
    .where(and(eq(contractDocuments.sha256, sha256), eq(contractDocuments.signed, true)))
    .orderBy(desc(contractDocuments.id))
    .limit(1);
  if (contract) return contract;
  const [own] = await db
    .select()
    .from(signingRounds)
    .where(and(eq(signingRounds.signedSha256, sha256), eq(signingRounds.status, 'completed')))
    .orderBy(desc(signingRounds.id))
    .limit(1);
  return own ? { round: own, kind: null } : undefined;
}

const kindOrder = sql`array_position(array['lease','policy','promissory_notes']::contract_document_kind[], ${contractDocuments.kind})`;

/** The signed documents of a contracts round's signed pack version, in the pack's order. */
export async function signedContractsOf(db: Executor, round: RoundRow): Promise<Array<{ kind: ContractDocumentKind; sha256: string }>> {
  if (round.signedPackVersion === null) return [];
  return db
    .select({ kind: contractDocuments.kind, sha256: contractDocuments.sha256 })
    .from(contractDocuments)
    .where(and(eq(contractDocuments.policyId, round.policyId), eq(contractDocuments.packVersion, round.signedPackVersion), eq(contractDocuments.signed, true)))
    .orderBy(kindOrder);
}
