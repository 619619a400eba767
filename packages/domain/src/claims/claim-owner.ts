import { periodLabel } from '../rents/rent-values';

/*
 * What the owner's side of a case says (issue 33): their link's report with its photos, the
 * staff's evidence upload, and the case a 'No' on a rent confirmation opens. Spanish, plain.
 */

/** The multipart part of the staff's evidence upload, and of the owner's report (one part per file). */
export const claimFileField = 'file';
export const claimOwnerFilesField = 'files';

/** At most this many photos or files in one owner's report. */
export const claimOwnerMaxFiles = 5;

/** Who reported it, when the owner did through their link or a rent confirmation. */
export const claimOwnerReporter = 'Propietario (por enlace)';

export const claimOwnerMessages = {
  fileMissing: 'Adjunte la foto o el archivo en el campo «file»',
  filesMissing: 'Adjunte las fotos o los archivos en el campo «files»',
  fileEmpty: 'El archivo está vacío',
  fileTooLarge: (maxMb: number) => `Cada archivo puede pesar como máximo ${maxMb} MB`,
  unsupportedFileType: 'Tipo de archivo no permitido: envíe fotos JPG o PNG, o archivos PDF',
  imageUnreadable: 'No se pudo leer el tamaño de la foto; el archivo está dañado o incompleto',
  tooManyFiles: `Puede adjuntar como máximo ${claimOwnerMaxFiles} fotos o archivos`,
  fileNotFound: 'Archivo no encontrado',
  reported: (number: string) => `Recibimos su reporte ${number}. Un asesor de la oficina lo revisará y se pondrá en contacto con usted.`,
  notificationTitle: (number: string) => `Nuevo reporte del propietario: ${number}`,
  notificationBody: (folio: string, ownerName: string, typeLabel: string) => `${ownerName} reportó por enlace un problema (${typeLabel}) en la póliza ${folio}. Revíselo y ábralo como incidencia.`,
  /** The description of the case a 'No' opens, and the event it adds to a case already open. */
  rentNotReceived: (period: string) => `El propietario informó que no recibió la renta de ${periodLabel(period)}`,
  noCases: 'No tiene incidencias abiertas',
} as const;

/**
 * What a case's free texts become when its personal data go (an ARCO cancellation, or its
 * retention period after closing): amounts, dates, stages and results stay.
 */
export const claimErasedText = 'Texto eliminado por protección de datos personales';
