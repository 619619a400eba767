// No zod here: the web's first screen needs some of these texts, not the schemas (issue 13).
import { policyTypeLabels, type PolicyType } from '../policies/policy-type-labels';
import type { DocumentSlot } from './document-slots';
import { noTokenMessage } from '../auth/auth-messages';

/** Texts of the investigation screens and calls; the spec's words where it has them (section 8). */
export const investigationMessages = {
  // Results screen (spec).
  title: 'Resultados de investigación',
  loading: 'Cargando documentos...',
  loadError: 'Error al cargar documentos',
  loadErrorToast: 'No se pudieron cargar los resultados',
  empty: 'No hay documentos disponibles para esta investigación',
  deleted: 'Documento eliminado',
  deletedDescription: 'El documento se ha eliminado correctamente',
  deleteError: 'No se pudo eliminar el documento',
  approved: 'Documentos aprobados',
  approvedDescription: 'Los documentos han sido aprobados correctamente',
  approveError: 'No se pudieron aprobar los documentos',
  rejected: 'Documentos rechazados',
  rejectedDescription: 'Los documentos han sido rechazados correctamente',
  rejectError: 'No se pudieron rechazar los documentos',
  // File helper defaults (spec).
  uploadUnknownError: 'Error desconocido al subir el documento',
  deleteUnknownError: 'Error desconocido al eliminar el documento',
  approveUnknownError: 'Error desconocido al aprobar el documento',
  rejectUnknownError: 'Error desconocido al rechazar el documento',
  noToken: noTokenMessage,
  // Upload screen (spec).
  uploadTitle: 'Subir Documentos de Investigación',
  uploadFailedTag: 'Error',
  retry: 'Reintentar',
  // The server's answers (not in the spec).
  investigationNotFound: 'No se encontró la investigación',
  documentNotFound: 'No se encontró el documento',
  invalidDocumentType: 'El tipo de documento no es válido',
  identificationTypeNotAllowed: 'Este documento no lleva tipo de identificación',
  backSideOnlyForSeparateIne: 'La parte trasera solo se pide para una INE separada',
  fileMissing: 'Adjunte un archivo en el campo «file»',
  fileEmpty: 'El archivo está vacío',
  fileTooLarge: (maxMb: number) => `El archivo supera el tamaño máximo de ${maxMb} MB`,
  unsupportedFileType: 'Tipo de archivo no permitido: solo se aceptan PDF, JPEG o PNG',
  imageTooLarge: (width: number, height: number, maxMegapixels: number) =>
    `Archivo: la imagen mide ${width} × ${height} píxeles (${Math.round((width * height) / 1_000_000)} megapíxeles); el máximo es ${maxMegapixels} megapíxeles. Tome la foto con menor resolución o envíe el documento en PDF.`,
  imageUnreadable: 'Archivo: no se pudo leer el tamaño de la imagen; el archivo está dañado o incompleto',
  investigationClosed: 'La investigación ya fue resuelta: sus documentos ya no se pueden cambiar',
  notUnderInvestigation: 'La póliza no está en investigación: suba al menos un documento antes de aprobar o rechazar',
  alreadyDecided: (statusLabel: string) => `La investigación ya fue resuelta: la póliza está en «${statusLabel}»`,
  noDocuments: 'No hay documentos para revisar',
  fileUnavailable: 'El archivo no está disponible en el servidor',
  approvedNote: 'Investigación aprobada',
  approvedWithMissingNote: (labels: readonly string[]) => `Aprobada con documentos faltantes: ${labels.join(', ')}`,
  reasonNote: (reason: string) => `Motivo: ${reason}`,
  missingDocuments: (labels: readonly string[]) =>
    `Faltan documentos obligatorios: ${labels.join(', ')}. Confirme que desea aprobar la investigación sin ellos.`,
  rejectedNote: 'Investigación rechazada',
  responseTooLong: 'La respuesta admite como máximo 2000 caracteres',
  responseSaved: 'Respuesta guardada',
  responseSaveError: 'No se pudo guardar la respuesta',
  uploaded: 'Documento subido correctamente',
  slotNotAsked: (slot: DocumentSlot, policyType: PolicyType) =>
    `Este documento no se pide para una póliza ${policyTypeLabels[policyType]}${
      slot.startsWith('guarantor') ? ' sin aval' : ''
    }`,
} as const;
