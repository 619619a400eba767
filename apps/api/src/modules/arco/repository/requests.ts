import type { Executor } from '../../../db/client';
import { arcoRequests } from '../../../db/schema/index';

export interface ArcoRequestInput {
  kind: 'access' | 'cancellation';
  /** The records by kind and id: never the person's name, e-mail or phone. */
  personQuery: string;
  reason: string;
  outcome: object;
  createdBy: number;
}

/** One ARCO request written down; its id. */
export async function insertArcoRequest(db: Executor, request: ArcoRequestInput): Promise<number> {
  const [row] = await db.insert(arcoRequests).values(request).returning({ id: arcoRequests.id });
  return row!.id;
}
