import { z } from 'zod';
import { maxId, optionalText } from '../common/fields';
import { cappedTotalFields } from '../common/search';
import { policyStatusSchema } from './policy-status';
import { policySummarySchema } from './policy-response';

/** GET /api/policy/search: the list and tracking screens' paged search. */
export const policySearchQuerySchema = z.object({
  q: optionalText('Búsqueda', 100),
  status: z
    .union([policyStatusSchema, z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1, 'El límite debe estar entre 1 y 100').max(100, 'El límite debe estar entre 1 y 100').default(25),
  cursor: z.string().trim().max(200).optional(),
  /** Admins may search one branch; for everyone else the server uses their own. */
  branchId: z.coerce.number().int().positive().max(maxId).optional(),
});
export type PolicySearchQuery = z.input<typeof policySearchQuerySchema>;

export const policySearchResultSchema = z.object({
  items: z.array(policySummarySchema),
  nextCursor: z.string().nullable(),
  ...cappedTotalFields,
});
export type PolicySearchResult = z.infer<typeof policySearchResultSchema>;
