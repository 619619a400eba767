import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, policies, users } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';
import { policyHasGuarantor } from '../../db/policy-columns';

/**
 * What the expediente's header and checklist need of a policy that other endpoints do not send:
 * its branch's and agent's names, and whether it has a guarantor (which documents it asks for).
 * Null when the policy is not within `scope`: another branch's policy is simply not found.
 */
export async function findPolicyHeader(db: Executor, id: number, scope: BranchScope) {
  const [row] = await db
    .select({
      policyId: policies.id,
      policyType: policies.policyType,
      branchId: branches.id,
      branchName: branches.name,
      agentId: users.id,
      agentName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      hasGuarantor: policyHasGuarantor,
    })
    .from(policies)
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .leftJoin(users, eq(users.id, policies.userId))
    .where(and(eq(policies.id, id), inBranchScope(policies.branchId, scope)));
  return row ?? null;
}
