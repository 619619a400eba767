import { z } from 'zod';
import { maxId } from './fields';

/** Path parameters shared by the modules' routes. */

const branchNotFound = 'La sucursal no existe';

/** `/{branchId}` of the spec's whole-branch lists (policies, addendums, appointments). */
export const branchIdParamsSchema = z.object({
  branchId: z.coerce.number({ error: branchNotFound }).int().positive(branchNotFound).max(maxId, branchNotFound),
});
