import { z } from 'zod';
import { apiErrorCodes } from './error-codes';

export * from './error-codes';

/**
 * The one error body every API failure answers with: `code` says which kind of failure it is
 * (error-codes.ts), `message` is Spanish and fit to show, `details` name the fields at fault.
 * `error` is the status's English reason phrase, kept for the clients that read it.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  code: z.enum(apiErrorCodes),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
