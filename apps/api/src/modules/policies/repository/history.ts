import { desc, eq, sql } from 'drizzle-orm';
import type { PolicyEvent, PolicyStatus } from '@portal/domain';
import { systemActorName } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { policyEvents, users } from '../../../db/schema/index';

// --- history -------------------------------------------------------------------------------------

export interface PolicyEventValues {
  policyId: number;
  userId: number | null;
  fromStatus: PolicyStatus | null;
  toStatus: PolicyStatus | null;
  changes: string[];
  note: string;
  /** The server acting on its own (no user): the history names 'Sistema'. */
  bySystem?: boolean;
  /** A person outside acting by their link (no user): the history names them so (outsideActorNames). */
  actorLabel?: string;
}

export async function insertEvent(db: Executor, values: PolicyEventValues): Promise<void> {
  await db.insert(policyEvents).values(values);
}

export async function listEvents(db: Executor, policyId: number): Promise<PolicyEvent[]> {
  const rows = await db
    .select({
      id: policyEvents.id,
      policyId: policyEvents.policyId,
      userId: policyEvents.userId,
      userName: sql<string>`case when ${policyEvents.bySystem} then ${systemActorName} when ${policyEvents.actorLabel} <> '' then ${policyEvents.actorLabel} else coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '') end`,
      fromStatus: policyEvents.fromStatus,
      toStatus: policyEvents.toStatus,
      changes: policyEvents.changes,
      note: policyEvents.note,
      createdAt: policyEvents.createdAt,
    })
    .from(policyEvents)
    .leftJoin(users, eq(users.id, policyEvents.userId))
    .where(eq(policyEvents.policyId, policyId))
    .orderBy(desc(policyEvents.createdAt), desc(policyEvents.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
