import {
  backSideSlots,
  formatDocumentType,
  identificationTypeLabels,
  needsBackSide,
  type DocumentSlot,
  type IdentificationType,
  type InvestigationDocument,
  type RequiredDocument,
} from '@portal/domain';

/** One file to upload within a slot: the path's documentType and the row's visible name. */
export interface SlotRow {
  documentType: string;
  title: string;
  identificationType?: IdentificationType;
}

/**
 * The file rows of a slot. An identification is one file of the chosen type, or two for
 * 'INE separada' (the back side goes to the back slot, 'tenantIdBack', with the same type).
 * A slot of several files (the three income proofs) gets one row per index.
 */
export function slotRows(document: RequiredDocument, identificationType?: IdentificationType): SlotRow[] {
  if (identificationType) return identificationRows(document.slot, identificationType);
  if (document.files === 1) return [{ documentType: document.slot, title: 'Archivo' }];
  return Array.from({ length: document.files }, (_, index) => ({
    documentType: formatDocumentType(document.slot, index),
    title: `Archivo ${index + 1} de ${document.files}`,
  }));
}

function identificationRows(slot: DocumentSlot, type: IdentificationType): SlotRow[] {
  const back = backSideSlots[slot];
  if (!needsBackSide(type) || !back) return [{ documentType: slot, identificationType: type, title: identificationTypeLabels[type] }];
  return [
    { documentType: slot, identificationType: type, title: 'INE parte frontal' },
    { documentType: back, identificationType: type, title: 'INE parte trasera' },
  ];
}

/** The type to preselect: the one the stored file went up as; 'INE separada' if only a back side is stored. */
export function initialIdentificationType(slot: DocumentSlot, uploaded: ReadonlyMap<string, InvestigationDocument>): IdentificationType {
  const stored = uploaded.get(slot)?.identificationType;
  if (stored) return stored;
  const back = backSideSlots[slot];
  return back && uploaded.has(back) ? 'ineSeparada' : 'ine';
}
