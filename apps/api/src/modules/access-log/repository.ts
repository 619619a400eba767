import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessLog, policies, users } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';

export interface AccessEntryInput {
  userId: number;
  action: string;
  policyId: number | null;
  subject: string;
  ip: string;
  userAgent: string;
}

/** One statement: the user's name is read by the insert itself, so a download pays one round trip. */
export async function insertAccess(db: Executor, entry: AccessEntryInput): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${accessLog} (user_id, user_name, action, policy_id, subject, ip, user_agent)
    SELECT ${entry.userId}, coalesce((SELECT ${users.firstName} || ' ' || ${users.lastName} FROM ${users} WHERE ${users.id} = ${entry.userId}), ''),
           ${entry.action}, ${entry.policyId}, ${entry.subject}, ${entry.ip}, ${entry.userAgent}`);
}

export async function policyInScope(db: Executor, policyId: number, scope: BranchScope): Promise<boolean> {
  const [row] = await db.select({ id: policies.id }).from(policies).where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  return Boolean(row);
}

/** Newest first. */
export async function listForPolicy(db: Executor, policyId: number, limit: number, offset: number) {
  const rows = await db
    .select({
      id: accessLog.id,
      at: accessLog.at,
      userId: accessLog.userId,
      userName: accessLog.userName,
      action: accessLog.action,
      subject: accessLog.subject,
      ip: accessLog.ip,
      userAgent: accessLog.userAgent,
    })
    .from(accessLog)
    .where(eq(accessLog.policyId, policyId))
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(accessLog).where(eq(accessLog.policyId, policyId));
  return { rows, total: total?.value ?? 0 };
}
