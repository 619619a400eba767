import { z } from 'zod';
import { idSchema } from '../common/fields';
import type { PolicyType } from '../policies/policy-type';
import { policyStatusLabels, policyStatusSchema, type PolicyStatus } from '../policies/policy-status';
import {
  backSideSlots,
  identificationTypeSchema,
  parseDocumentType,
  requiredDocuments,
  type DocumentSlot,
  type IdentificationType,
} from './document-slots';
import { investigationMessages } from './investigation-messages';

/**
 * Documents may be added, replaced or deleted while the investigation is open (before and during
 * it); once decided, they stay as the reviewer saw them. Only an investigation under way is decided.
 */
export const investigationOpenStatuses: readonly PolicyStatus[] = ['created', 'investigation'];

export function isInvestigationOpen(status: PolicyStatus): boolean {
  return investigationOpenStatuses.includes(status);
}

export function canDecideInvestigation(status: PolicyStatus): boolean {
  return status === 'investigation';
}

/** What the screens say about an investigation that is no longer open. */
export function closedInvestigationNotice(status: PolicyStatus): string {
  return `${investigationMessages.alreadyDecided(policyStatusLabels[status])}. Sus documentos ya no se pueden cambiar.`;
}

/** One document of an investigation, as the results screen lists it. */
export const investigationDocumentSchema = z.object({
  id: z.number(),
  originalFilename: z.string(),
  /** The slot key, with the file's index within the slot when it has several ('incomeProof2'). */
  documentType: z.string(),
  identificationType: identificationTypeSchema.nullable(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  uploadedAt: z.string(),
  /** The staff member who uploaded it ('' when it came by link or the user is gone). */
  uploadedByName: z.string(),
  /** Whether a staff member uploaded it or the person sent it through their link (issue 17). */
  uploadedVia: z.enum(['staff', 'link']),
  /** The person who sent it by link, as the link names them; null for staff uploads. */
  uploadedViaLinkName: z.string().nullable(),
  respuesta: z.string(),
  respondedAt: z.string().nullable(),
  respondedByName: z.string().nullable(),
});
export type InvestigationDocument = z.infer<typeof investigationDocumentSchema>;
export const investigationDocumentListSchema = z.array(investigationDocumentSchema);

export const investigationIdParamsSchema = z.object({
  investigationId: z.string().trim().min(1).max(64),
});

export const uploadParamsSchema = investigationIdParamsSchema.extend({
  documentType: z.string().max(64),
  identificationType: identificationTypeSchema.optional(),
});

export const documentIdParamsSchema = z.object({
  documentId: idSchema,
});

/** GET /api/files/{documentId}/download: save the file, or view it in a tab ('inline'). */
export const documentDownloadQuerySchema = z.object({
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});

export const documentResponseInputSchema = z.object({
  respuesta: z.string({ error: 'La respuesta es obligatoria' }).trim().max(2000, investigationMessages.responseTooLong),
});
export type DocumentResponseInput = z.infer<typeof documentResponseInputSchema>;

/** What approve and reject answer: the policy's new status. */
export const investigationDecisionSchema = z.object({
  policyId: z.number(),
  investigationId: z.string(),
  status: policyStatusSchema,
  message: z.string(),
});
export type InvestigationDecision = z.infer<typeof investigationDecisionSchema>;

export interface UploadRejection {
  field: 'documentType' | 'identificationType';
  message: string;
}

/**
 * Whether a policy asks for this upload: its slot must be one of the policy type's required
 * documents, or the back side of a required identification. An identification type goes only
 * with an identification slot; a back side only with 'INE separada'. Null when accepted, else
 * the field at fault and the Spanish reason.
 */
export function uploadRejection(
  policy: { policyType: PolicyType; hasGuarantor: boolean },
  documentType: string,
  identificationType?: IdentificationType,
): UploadRejection | null {
  const parsed = parseDocumentType(documentType);
  if (!parsed) return { field: 'documentType', message: investigationMessages.invalidDocumentType };
  const asked = requiredDocuments(policy.policyType, { hasGuarantor: policy.hasGuarantor }).map((document) => document.slot);
  const front = frontSlotOf(parsed.slot);
  if (!asked.includes(front ?? parsed.slot)) {
    return { field: 'documentType', message: investigationMessages.slotNotAsked(parsed.slot, policy.policyType) };
  }
  if (!identificationType) return null;
  if (front) {
    return identificationType === 'ineSeparada' ? null : { field: 'identificationType', message: investigationMessages.backSideOnlyForSeparateIne };
  }
  return parsed.slot in backSideSlots ? null : { field: 'identificationType', message: investigationMessages.identificationTypeNotAllowed };
}

/** The identification a back-side slot belongs to ('tenantIdBack' → 'tenantId'); undefined for others. */
export function frontSlotOf(slot: DocumentSlot): DocumentSlot | undefined {
  const entry = Object.entries(backSideSlots).find(([, back]) => back === slot);
  return entry?.[0] as DocumentSlot | undefined;
}
