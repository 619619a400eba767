import { and, eq } from 'drizzle-orm';
import type { RecordStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { brokers } from '../../../db/schema/index';

/** The directory's broker as a policy of `branchId` may name it: only one of that branch (issue 34). */
export async function branchBroker(db: Executor, brokerId: number, branchId: number): Promise<{ name: string; status: RecordStatus } | null> {
  const [row] = await db
    .select({ name: brokers.name, status: brokers.status })
    .from(brokers)
    .where(and(eq(brokers.id, brokerId), eq(brokers.branchId, branchId)));
  return row ?? null;
}
