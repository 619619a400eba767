import { z } from 'zod';
import { optionalText } from '../common/fields';
import { policyStatusSchema } from './policy-status';

/** The row menu's body: `{ status, userId, branchId }` (spec); userId and branchId are ignored. */
export const policyStatusChangeSchema = z.strictObject({
  status: policyStatusSchema,
  userId: z.unknown().optional(),
  branchId: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  note: optionalText('Nota', 500).optional(),
});
export type PolicyStatusChange = z.input<typeof policyStatusChangeSchema>;
