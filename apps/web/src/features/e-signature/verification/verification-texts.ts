import { verificationMessages } from '@portal/domain';

/** /verificar's words (issue 35), for the person checking a signed document: no jargon they would not know. */
export const verificationTexts = {
  pageTitle: 'Verificar un documento firmado',
  portal: 'Portal de Pólizas',
  subtitle: 'Verificación de documentos firmados',
  footer: 'Esta página no guarda los archivos que sube. Muestra los nombres ocultos en parte y ningún otro dato personal.',
  intro:
    'Suba el PDF firmado que recibió para comprobar que es exactamente el documento que se firmó en el portal, o abra la dirección impresa en su constancia de firma.',
  dropHere: 'Arrastre aquí el PDF firmado',
  or: 'o',
  choose: 'Elegir PDF',
  chooseLabel: 'Elegir el PDF firmado',
  dropHint: 'PDF de hasta 25 MB. No se guarda: solo se calcula su huella digital (SHA-256) para compararla.',
  checking: 'Comprobando el documento...',
  loadingCode: 'Buscando el documento...',
  loadError: 'No se pudo consultar el documento',
  notPdf: verificationMessages.notPdf,
  tooLarge: verificationMessages.fileTooLarge,
  authentic: (label: string) => `Documento auténtico: coincide con ${label}`,
  foundByCode: 'Documento firmado en el portal',
  noMatch: verificationMessages.noMatch,
  noMatchDetail:
    'Suba el PDF tal como lo recibió o descargó: abrirlo y volver a guardarlo, imprimirlo como PDF o editarlo cambia su huella digital aunque se vea igual.',
  codeUnknown: verificationMessages.codeUnknown,
  codeUnknownDetail: 'Revise el código impreso en la constancia de firma, o suba el PDF para comprobarlo.',
  otherCode: (code: string) => `El PDF coincide con otro documento firmado (código ${code}), no con el de este código.`,
  another: 'Comprobar otro documento',
  haveThePdf: '¿Tiene el PDF? Compruebe que es exactamente este documento',
  subject: 'Qué se firmó',
  version: 'Versión de los contratos firmados',
  completedAt: 'Firma completada',
  code: 'Código de verificación',
  documents: 'Documentos firmados',
  thisDocument: 'Este documento',
  signatures: 'Firmas',
  certificate: 'Certificado de e.firma núm.',
  revocation: 'Revocación al firmar',
  timestamp: 'Sello de tiempo',
  stampedAt: 'Fecha y hora del sello',
  authority: 'Autoridad de sellado',
  serial: 'Número de serie del sello',
  digest: 'Resumen de la evidencia (SHA-256)',
  hash: 'SHA-256',
} as const;

const mexicoCity = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'America/Mexico_City' });

/** A time as the evidence page prints it: in Mexico City, saying so (the reader may be anywhere). */
export const mexicoCityTime = (iso: string) => `${mexicoCity.format(new Date(iso))} (hora de la Ciudad de México)`;
