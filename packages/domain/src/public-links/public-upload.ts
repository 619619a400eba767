import { z } from 'zod';
import {
  asksIdentificationType,
  documentSlots,
  identificationTypeSchema,
  parseDocumentType,
} from '../investigations/document-slots';
import { documentChecklist, isChecklistComplete, type StoredDocumentRef } from '../investigations/document-checklist';
import type { PolicyType } from '../policies/policy-type';
import { linkTokenParamsSchema, partySlots, type LinkParty } from './links';

/*
 * Upload by link (issue 17): the person's page lists their own documents (the staff screen's rule,
 * cut to their slots) and what they already sent, by name only: never the reviewer's answers,
 * never another party's files.
 */

/** One document the person is asked for: a card of the page. */
export const publicUploadDocumentSchema = z.object({
  slot: z.enum(documentSlots),
  label: z.string(),
  hint: z.string().nullable(),
  /** How many files the slot takes (three income proofs, one of anything else): indexes 0 … files - 1. */
  files: z.number().int(),
  /** Whether the card asks INE / Pasaporte / INE separada (identification slots). */
  asksIdentificationType: z.boolean(),
  /** How many of its files arrived. */
  present: z.number().int(),
});
export type PublicUploadDocument = z.infer<typeof publicUploadDocumentSchema>;

/** A file already received through the person's slots: its name and when, nothing else. */
export const receivedDocumentSchema = z.object({
  /** The path's document type ('incomeProof2'): the slot and the file's index in it. */
  documentType: z.string(),
  slot: z.enum(documentSlots),
  index: z.number().int(),
  originalFilename: z.string(),
  identificationType: identificationTypeSchema.nullable(),
  uploadedAt: z.string(),
});
export type ReceivedDocument = z.infer<typeof receivedDocumentSchema>;

/** GET /api/public/links/{token}/documents, and the answer to each upload. */
export const publicUploadViewSchema = z.object({
  documents: z.array(publicUploadDocumentSchema),
  received: z.array(receivedDocumentSchema),
  /** Every document asked of the person has all its files. */
  complete: z.boolean(),
  /** False once the investigation was decided: the page says so instead of offering uploads. */
  accepting: z.boolean(),
});
export type PublicUploadView = z.infer<typeof publicUploadViewSchema>;

/** POST /api/public/links/{token}/upload/{documentType}[/{identificationType}] (multipart field «file»). */
export const publicUploadParamsSchema = linkTokenParamsSchema.extend({
  documentType: z.string().max(64),
  identificationType: identificationTypeSchema.optional(),
});

/** Whether an upload's document type is one of the party's own slots (a back side included). */
export function isPartyDocumentType(party: LinkParty, documentType: string): boolean {
  const parsed = parseDocumentType(documentType);
  return parsed !== null && partySlots[party].includes(parsed.slot);
}

/**
 * The cards of a party's page: the expediente's checklist (a back side appears once its
 * identification came as 'INE separada'), cut to the party's slots, and whether all are in.
 */
export function partyUploadChecklist(
  party: LinkParty,
  policy: { policyType: PolicyType; hasGuarantor: boolean },
  documents: readonly StoredDocumentRef[],
): { documents: PublicUploadDocument[]; complete: boolean } {
  const items = documentChecklist(policy, documents).filter((item) => partySlots[party].includes(item.slot));
  return {
    documents: items.map((item) => ({
      slot: item.slot,
      label: item.label,
      hint: item.hint,
      files: item.expected,
      asksIdentificationType: asksIdentificationType(item.slot),
      present: item.present,
    })),
    complete: isChecklistComplete(items),
  };
}
