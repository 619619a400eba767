import { z } from 'zod';
import { maxId } from './fields';
import { messages } from './messages';

/** Path parameters shared by the modules' routes. */

const { branchNotFound } = messages;

/** `/{branchId}` of the spec's whole-branch lists (policies, addendums, appointments). */
export const branchIdParamsSchema = z.object({
  branchId: z.coerce.number({ error: branchNotFound }).int().positive(branchNotFound).max(maxId, branchNotFound),
});
