import { z } from 'zod';
import { exportFormatSchema } from '../common/export';
import { maxId, optionalText } from '../common/fields';
import { cappedTotalFields } from '../common/search';
import { optionalDate } from './policy-fields';
import { policyStatusSchema } from './policy-status';
import { policyTypeSchema } from './policy-type';
import { policySummarySchema } from './policy-response';

/** The orders of the list and tracking screens: by creation date either way, or by status. */
export const policySorts = ['newest', 'oldest', 'status'] as const;
export type PolicySort = (typeof policySorts)[number];
export const defaultPolicySort: PolicySort = 'newest';

export const policySortLabels: Record<PolicySort, string> = {
  newest: 'Más recientes',
  oldest: 'Más antiguas',
  status: 'Por estatus',
};

const invalidAgent = 'El agente no es válido';

/** '' (an empty select or query parameter) means "no filter": then `schema` decides (its own Spanish message). */
const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

/**
 * The filters the list, tracking and export share (`?q=&status=&type=&agent=&from=&to=&sort=`):
 * a text, a status, a policy type, the agent who created the policy (a user of the branch) and a
 * range of creation dates (calendar days in Mexico City, both included).
 */
const policyFilterFields = {
  q: optionalText('Búsqueda', 100),
  status: blankAsMissing(policyStatusSchema.optional()),
  type: blankAsMissing(policyTypeSchema.optional()),
  agent: blankAsMissing(z.coerce.number({ error: invalidAgent }).int(invalidAgent).positive(invalidAgent).max(maxId, invalidAgent).optional()),
  from: optionalDate('Desde'),
  to: optionalDate('Hasta'),
  sort: blankAsMissing(z.enum(policySorts, { error: 'El orden no es válido' }).default(defaultPolicySort)),
  /** 'Con atraso' (issue 32): only policies with a month En mora. `?arrears=1`. */
  arrears: blankAsMissing(z.enum(['1'], { error: 'El filtro Con atraso solo admite 1' }).optional()),
  /** Admins may search one branch; for everyone else the server uses their own. */
  branchId: z.coerce.number().int().positive().max(maxId).optional(),
};

/** The creation range's days in order (the same words as the addendum's dates). */
const datesInOrder = (filters: { from: string | null; to: string | null }) => !filters.from || !filters.to || filters.from <= filters.to;
const datesOutOfOrder = { message: 'La fecha inicial no puede ser posterior a la fecha final', path: ['from'] };

/** GET /api/policy/search: the list and tracking screens' paged search. */
export const policySearchQuerySchema = z
  .object({
    ...policyFilterFields,
    limit: z.coerce.number().int().min(1, 'El límite debe estar entre 1 y 100').max(100, 'El límite debe estar entre 1 y 100').default(25),
    cursor: z.string().trim().max(200).optional(),
  })
  .refine(datesInOrder, datesOutOfOrder);
export type PolicySearchQuery = z.input<typeof policySearchQuerySchema>;

/** GET /api/policy/export: every policy the filters select, as a CSV or XLSX file. */
export const policyExportQuerySchema = z.object({ ...policyFilterFields, format: exportFormatSchema }).refine(datesInOrder, datesOutOfOrder);

export const policySearchResultSchema = z.object({
  items: z.array(policySummarySchema),
  nextCursor: z.string().nullable(),
  ...cappedTotalFields,
});
export type PolicySearchResult = z.infer<typeof policySearchResultSchema>;

/** GET /api/policy/agents: the users of the branch, for the list's agent filter. */
export const policyAgentSchema = z.object({ id: z.number(), name: z.string() });
export type PolicyAgent = z.infer<typeof policyAgentSchema>;
export const policyAgentListSchema = z.array(policyAgentSchema);

export const policyAgentsQuerySchema = z.object({ branchId: z.coerce.number().int().positive().max(maxId).optional() });
