import { z } from 'zod';
import { addendumSchema } from '../addendums/addendum';
import { appointmentSchema } from '../appointments/appointment';
import { claimDocumentSchema } from '../claims/claim-views';
import { documentChecklistItemSchema } from '../investigations/document-checklist';

/**
 * GET /api/policy/{id}/file: what the expediente shows beside the policy itself
 * (GET /api/policy/unique/{id}), its history and its documents, which have endpoints of their own.
 */
export const policyFileSchema = z.object({
  policyId: z.number(),
  branch: z.object({ id: z.number(), name: z.string() }),
  /** The user who created the policy; null when that user was removed. */
  agent: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The documents the policy's type requires, with the files stored for each. */
  checklist: z.array(documentChecklistItemSchema),
  /** The policy's addendums, newest first. */
  addendums: z.array(addendumSchema),
  /** Appointments that name the policy, in calendar order. */
  appointments: z.array(appointmentSchema),
  /** The documents drawn in the policy's incidencias (issue 33), newest first. */
  claimDocuments: z.array(claimDocumentSchema.extend({ claimId: z.number().int(), claimNumber: z.string() })),
});
export type PolicyFile = z.infer<typeof policyFileSchema>;
