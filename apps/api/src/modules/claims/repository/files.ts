import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { inBranchScope } from '../../../db/scope';
import { claimFiles, claims, policies } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';

/* A case's evidence files (issue 33): written by the owner's report and the staff's upload. */

export type ClaimFileInsert = Omit<typeof claimFiles.$inferInsert, 'id' | 'createdAt'>;

export async function insertClaimFiles(db: Executor, rows: ClaimFileInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(claimFiles).values(rows);
}

/** One evidence file within `scope` (through its case's policy), or null (unknown or another branch's). */
export async function findScopedClaimFile(db: Executor, fileId: number, scope: BranchScope) {
  const [row] = await db
    .select({
      id: claimFiles.id,
      claimId: claimFiles.claimId,
      policyId: claims.policyId,
      storedName: claimFiles.storedName,
      fileName: claimFiles.fileName,
      mimeType: claimFiles.mimeType,
      size: claimFiles.size,
    })
    .from(claimFiles)
    .innerJoin(claims, eq(claims.id, claimFiles.claimId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claimFiles.id, fileId), inBranchScope(policies.branchId, scope)));
  return row ?? null;
}
