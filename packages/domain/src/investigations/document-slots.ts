import { z } from 'zod';
import { guarantorRequiredFor, type PolicyType } from '../policies/policy-type';

/** The upload slots of the spec (section 3), one per kind of document of an investigation. */
export const documentSlots = [
  'tenantId',
  'tenantIdBack',
  'guarantorId',
  'guarantorIdBack',
  'employmentLetter',
  'guarantorDeed',
  'ownerId',
  'ownerIdBack',
  'utilities',
  'incomeProof',
] as const;
export type DocumentSlot = (typeof documentSlots)[number];

/** Spanish names of the slots: the upload screen's titles and the results screen's 'Tipo:'. */
export const documentSlotLabels: Record<DocumentSlot, string> = {
  tenantId: 'Identificación del inquilino',
  tenantIdBack: 'INE parte trasera del inquilino',
  guarantorId: 'Identificación del aval',
  guarantorIdBack: 'INE parte trasera del aval',
  employmentLetter: 'Carta Laboral',
  guarantorDeed: 'Escrituras del inmueble en garantía',
  ownerId: 'Identificación del propietario',
  ownerIdBack: 'INE parte trasera del propietario',
  utilities: 'Comprobante de domicilio',
  incomeProof: 'Comprobantes de ingresos',
};

export const identificationTypes = ['ine', 'pasaporte', 'ineSeparada'] as const;
export type IdentificationType = (typeof identificationTypes)[number];
export const identificationTypeLabels: Record<IdentificationType, string> = {
  ine: 'INE',
  pasaporte: 'Pasaporte',
  ineSeparada: 'INE separada',
};
export const identificationTypeSchema = z.enum(identificationTypes, { error: 'El tipo de identificación no es válido' });

/** An identification slot and where its back side goes when the INE comes as two images. */
export const backSideSlots: Partial<Record<DocumentSlot, DocumentSlot>> = {
  tenantId: 'tenantIdBack',
  guarantorId: 'guarantorIdBack',
  ownerId: 'ownerIdBack',
};

export function asksIdentificationType(slot: DocumentSlot): boolean {
  return slot in backSideSlots;
}

/** The back side is asked only for 'INE separada'. */
export function needsBackSide(type: IdentificationType): boolean {
  return type === 'ineSeparada';
}

/** Files one slot takes: income proofs come as the last three months; everything else is one. */
export const incomeProofFiles = 3;

/** Hints under the slots, the spec's words (section 5, document requirements). */
export const documentSlotHints: Partial<Record<DocumentSlot, string>> = {
  incomeProof: 'Últimos 3 recibos de nómina o estados de cuenta',
  employmentLetter: 'En hoja membretada, con antigüedad y puesto',
  utilities: 'Último recibo de luz, agua o predial',
  guarantorDeed: 'Copia simple de la escritura de la propiedad',
};

export interface RequiredDocument {
  slot: DocumentSlot;
  label: string;
  /** How many files the slot takes (indexes 0 … files - 1). */
  files: number;
  hint?: string;
}

const required = (slot: DocumentSlot, files = 1): RequiredDocument => {
  const hint = documentSlotHints[slot];
  return { slot, label: documentSlotLabels[slot], files, ...(hint ? { hint } : {}) };
};

/**
 * The documents an investigation asks for, in the upload screen's order. Identifications of the
 * tenant and the owner and the income proofs always; an employment letter and proof of address
 * for the types without a joint guarantor; for Plus and Plus Auto, the guarantor's identification
 * and the deed of the property given in guarantee, when a guarantor is on the policy.
 * Back sides are not listed: they follow from the identification type chosen ('INE separada').
 */
export function requiredDocuments(policyType: PolicyType, options: { hasGuarantor: boolean }): RequiredDocument[] {
  const documents = [required('tenantId'), required('incomeProof', incomeProofFiles)];
  if (guarantorRequiredFor(policyType)) {
    if (options.hasGuarantor) documents.push(required('guarantorId'), required('guarantorDeed'));
  } else {
    documents.push(required('employmentLetter'), required('utilities'));
  }
  documents.push(required('ownerId'));
  return documents;
}

/**
 * The `documentType` of an upload path: a slot key, optionally followed by the file's index
 * within the slot ('incomeProof2' is the third income proof). Null for anything else.
 */
export function parseDocumentType(value: string): { slot: DocumentSlot; index: number } | null {
  const match = /^([A-Za-z]+?)(\d?)$/.exec(value);
  if (!match) return null;
  const slot = documentSlots.find((candidate) => candidate === match[1]);
  if (!slot) return null;
  const index = match[2] ? Number(match[2]) : 0;
  const capacity = slot === 'incomeProof' ? incomeProofFiles : 1;
  return index < capacity ? { slot, index } : null;
}

export function formatDocumentType(slot: DocumentSlot, index: number): string {
  return index === 0 ? slot : `${slot}${index}`;
}

/** The Spanish name of a stored document type ('incomeProof2' → 'Comprobantes de ingresos (3)'). */
export function documentTypeLabel(documentType: string): string {
  const parsed = parseDocumentType(documentType);
  if (!parsed) return documentType;
  const label = documentSlotLabels[parsed.slot];
  return parsed.slot === 'incomeProof' ? `${label} (${parsed.index + 1})` : label;
}
