import { z } from 'zod';
import { policyStatusSchema } from './policy-status';

/** One entry of a policy's history: who changed what, when (GET /api/policy/{id}/events). */
export const policyEventSchema = z.object({
  id: z.number(),
  policyId: z.number(),
  userId: z.number().nullable(),
  userName: z.string(),
  fromStatus: policyStatusSchema.nullable(),
  toStatus: policyStatusSchema.nullable(),
  /** Spanish names of the sections that changed ('Inquilinos', 'Renta'…). */
  changes: z.array(z.string()),
  note: z.string(),
  createdAt: z.string(),
});
export type PolicyEvent = z.infer<typeof policyEventSchema>;
export const policyEventListSchema = z.array(policyEventSchema);
