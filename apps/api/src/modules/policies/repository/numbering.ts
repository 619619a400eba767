import { and, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { branches, policies, policyNumberCounters } from '../../../db/schema/index';

// --- the policy number ------------------------------------------------------------------------

/** The unique index on the folio de póliza (migration 0024): one policy per number, company-wide. */
export const policyNumberIndex = 'policies_policy_number_key';

/** Whether a policy already has this folio de póliza (in any branch). */
export async function policyNumberExists(db: Executor, policyNumber: string): Promise<boolean> {
  // The blank test lets the planner use the partial unique index whatever the parameter.
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.policyNumber, policyNumber), sql`${policies.policyNumber} <> ''`))
    .limit(1);
  return row !== undefined;
}

/**
 * The next number of a branch's year and the branch's code. The upsert takes the counter row's
 * lock until the transaction ends: a concurrent transaction's upsert waits for it, then adds one
 * to the committed value (or, if this one rolled back, to the value before it). No gaps, no
 * duplicates; the first number of a year inserts the row.
 */
export async function takePolicyNumber(db: Executor, branchId: number, year: number): Promise<{ code: string; sequence: number }> {
  const [counter] = await db
    .insert(policyNumberCounters)
    .values({ branchId, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [policyNumberCounters.branchId, policyNumberCounters.year],
      set: { lastValue: sql`${policyNumberCounters.lastValue} + 1` },
    })
    .returning({ sequence: policyNumberCounters.lastValue });
  const [branch] = await db.select({ code: branches.code }).from(branches).where(eq(branches.id, branchId));
  return { code: branch!.code, sequence: counter!.sequence };
}

/** What a policy number is given by, and what search_text is rebuilt from when it is. */
export async function numberingState(db: Executor, id: number) {
  const [row] = await db
    .select({
      status: policies.status,
      branchId: policies.branchId,
      investigationId: policies.investigationId,
      policyNumber: policies.policyNumber,
      tenantNames: policies.tenantNames,
      guarantorNames: policies.guarantorNames,
      ownerName: policies.ownerName,
      street: policies.street,
      exteriorNumber: policies.exteriorNumber,
      colony: policies.colony,
      municipality: policies.municipality,
    })
    .from(policies)
    .where(eq(policies.id, id));
  return row ?? null;
}

/** The numbers of the investigation folios of the minute `INV-…-HHmm-` already given (read on the prefix index). */
export async function takenFolioNumbers(db: Executor, minute: string): Promise<number[]> {
  const rows = await db
    .select({ folio: policies.investigationId })
    .from(policies)
    .where(like(policies.investigationId, `${minute}___`));
  return rows.map((row) => Number(row.folio.slice(minute.length))).filter(Number.isInteger);
}
