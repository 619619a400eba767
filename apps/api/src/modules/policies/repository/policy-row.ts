import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { policies } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';
import { filterSql } from './filter';

// --- the policy row ----------------------------------------------------------------------------

/** What the policies row holds besides the children: the input's own fields and the list summary. */
export type PolicyRowValues = Omit<typeof policies.$inferInsert, 'id' | 'createdAt'>;

export async function updatePolicyRow(db: Executor, id: number, values: Partial<PolicyRowValues>): Promise<void> {
  await db.update(policies).set(values).where(eq(policies.id, id));
}

/** The row's status and branch, locked until the transaction ends (two status changes queue). */
export async function lockPolicy(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({
      id: policies.id,
      status: policies.status,
      branchId: policies.branchId,
      policyNumber: policies.policyNumber,
      renewedToPolicyId: policies.renewedToPolicyId,
      version: policies.version,
    })
    .from(policies)
    .where(filterSql({ id, scope }))
    .for('update');
  return row ?? null;
}

/** Whether the policy exists within `scope`. */
export async function policyExists(db: Executor, id: number, scope: BranchScope): Promise<boolean> {
  const [row] = await db.select({ id: policies.id }).from(policies).where(filterSql({ id, scope }));
  return row !== undefined;
}
