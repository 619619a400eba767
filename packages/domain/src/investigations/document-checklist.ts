import { z } from 'zod';
import type { PolicyType } from '../policies/policy-type';
import {
  backSideSlots,
  documentSlotLabels,
  documentSlots,
  parseDocumentType,
  requiredDocuments,
  type DocumentSlot,
  type IdentificationType,
} from './document-slots';

/** One line of the expediente's checklist: a document the policy asks for, and how many files it has. */
export const documentChecklistItemSchema = z.object({
  slot: z.enum(documentSlots),
  label: z.string(),
  hint: z.string().nullable(),
  /** Files the slot takes (three income proofs, one of anything else). */
  expected: z.number(),
  /** Files stored in it (never more than expected). */
  present: z.number(),
});
export type DocumentChecklistItem = z.infer<typeof documentChecklistItemSchema>;

/** What the checklist needs of a stored document: its slot (and index) and identification type. */
export interface StoredDocumentRef {
  documentType: string;
  identificationType: IdentificationType | null;
}

/**
 * The documents a policy's type requires (requiredDocuments), each with the files stored for it.
 * An identification stored as 'INE separada' also asks for its back side, listed right after it:
 * the upload screen asks for it the same way.
 */
export function documentChecklist(
  policy: { policyType: PolicyType; hasGuarantor: boolean },
  documents: readonly StoredDocumentRef[],
): DocumentChecklistItem[] {
  const stored = documents.flatMap((document) => {
    const parsed = parseDocumentType(document.documentType);
    return parsed ? [{ ...parsed, identificationType: document.identificationType }] : [];
  });
  // Distinct indexes: a slot's n-th file counts once (an upload replaces the file at its index).
  const count = (slot: DocumentSlot, expected: number) =>
    new Set(stored.filter((document) => document.slot === slot && document.index < expected).map((document) => document.index)).size;

  return requiredDocuments(policy.policyType, { hasGuarantor: policy.hasGuarantor }).flatMap((document) => {
    const item = { slot: document.slot, label: document.label, hint: document.hint ?? null, expected: document.files, present: count(document.slot, document.files) };
    const back = backSideSlots[document.slot];
    const separate = stored.some((file) => file.slot === document.slot && file.identificationType === 'ineSeparada');
    if (!back || !separate) return [item];
    return [item, { slot: back, label: documentSlotLabels[back], hint: null, expected: 1, present: count(back, 1) }];
  });
}

/** Whether every document of the checklist has all its files. */
export function isChecklistComplete(items: readonly DocumentChecklistItem[]): boolean {
  return items.every((item) => item.present >= item.expected);
}
