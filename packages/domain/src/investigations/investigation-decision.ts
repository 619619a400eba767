import { z } from 'zod';
import { optionalText } from '../common/fields';
import { messages } from '../common/messages';
import type { PolicyType } from '../policies/policy-type';
import { documentChecklist, type StoredDocumentRef } from './document-checklist';
import type { DocumentSlot } from './document-slots';

/** The longest reason a reviewer may give for approving or rejecting. */
export const decisionReasonMaxLength = 500;
export const decisionReasonLabel = 'Motivo';
const confirmMissingLabel = 'Confirmar documentos faltantes';

/** `true`/`false` as JSON, or as the text a query string carries. */
const notAFlag = { error: messages.invalidOption(confirmMissingLabel) };
const flag = z
  .union([z.boolean(notAFlag), z.enum(['true', 'false'], notAFlag).transform((value) => value === 'true')], notAFlag)
  .optional()
  .transform((value) => value ?? false);

/**
 * What approve and reject may carry beyond the spec's bare call: an optional reason (kept on the
 * history event) and, for an approval, that the reviewer saw the missing documents and confirmed.
 * Read from the JSON body of a POST or from the query string of the spec's GET.
 */
export const investigationDecisionInputSchema = z.object({
  reason: optionalText(decisionReasonLabel, decisionReasonMaxLength).optional().transform((value) => value ?? ''),
  confirmMissing: flag,
});
export type InvestigationDecisionInput = z.input<typeof investigationDecisionInputSchema>;

/** The same as a POST body, which may also be absent (the spec's client sends none). */
export const investigationDecisionBodySchema = z.preprocess((body) => body ?? {}, investigationDecisionInputSchema);

/** A required document the investigation does not have yet. */
export interface MissingDocument {
  slot: DocumentSlot;
  label: string;
}

/**
 * The policy type's required documents with no file yet, in the upload screen's order: the
 * expediente's checklist (document-checklist.ts) read for its empty lines. A slot counts once it
 * holds any file (the income proofs may come as one statement); an identification uploaded as
 * 'INE separada' also needs its back side.
 */
export function missingDocuments(
  policy: { policyType: PolicyType; hasGuarantor: boolean },
  documents: readonly StoredDocumentRef[],
): MissingDocument[] {
  return documentChecklist(policy, documents)
    .filter((item) => item.present === 0)
    .map(({ slot, label }) => ({ slot, label }));
}
