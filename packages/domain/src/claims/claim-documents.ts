import { formatPesos } from '../rents/money';
import type { ClaimDocumentKind } from './claim-values';

/*
 * An incidencia's documents drawn from templates, and its payment agreement (issue 33): the
 * messages and names the API and the web share.
 */

/**
 * The collection letters: they go to the tenant and the obligados solidarios, so they may not
 * imitate a court paper (courtImitationTerm) and each carries the extrajudicial notice. The demand
 * summary is the lawyer's internal work and may name the court.
 */
/**
 * A convenio signed in the office is often entered days later: its first instalment may have fallen
 * due already (the daily run then judges it at once), but not more than this many days ago.
 */
export const agreementBackdateDays = 30;

export const collectionLetterKinds = ['payment_demand', 'guarantor_letter', 'payment_agreement'] as const satisfies readonly ClaimDocumentKind[];

export function isCollectionLetter(kind: string): kind is (typeof collectionLetterKinds)[number] {
  return (collectionLetterKinds as readonly string[]).includes(kind);
}

const fileSlugs: Record<ClaimDocumentKind, string> = {
  payment_demand: 'requerimiento-de-pago',
  guarantor_letter: 'carta-obligados-solidarios',
  payment_agreement: 'convenio-de-pago',
  lawsuit_summary: 'resumen-para-demanda',
};

/** 'requerimiento-de-pago-INC-00042-2027-03-10.pdf'. */
export function claimDocumentFileName(kind: ClaimDocumentKind, claimNumber: string, today: string): string {
  return `${fileSlugs[kind]}-${claimNumber}-${today}.pdf`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const claimDocumentMessages = {
  documentNotFound: 'Documento no encontrado',
  noAgreement: 'La incidencia no tiene un convenio de pago vigente: regístrelo antes de generar el convenio',
  noClaimForPreview: 'La póliza no tiene incidencias: elija una póliza con una incidencia para la vista previa',
  generatedEvent: (label: string, fileName: string) => `Documento generado: ${label} (${fileName})`,
} as const;

export const claimAgreementMessages = {
  firstInstalmentPast: `La primera parcialidad no puede vencer más de ${agreementBackdateDays} días antes de hoy`,
  agreementNotActive: 'El convenio de esta parcialidad ya no está vigente: registre lo que se reciba como monto recuperado',
  agreementReactivationBlocked: 'La incidencia ya tiene otro convenio vigente: no se puede revertir un pago del convenio anterior',
  paymentExceeds: (owed: string) => `El importe no puede ser mayor que lo que falta de la parcialidad (${formatPesos(owed)})`,
  paymentNotFound: 'Pago de parcialidad no encontrado',
  paymentReversed: 'El pago ya se revirtió',
  agreementEvent: (instalments: number, total: string) => `Convenio de pago de ${plural(instalments, 'parcialidad', 'parcialidades')} por ${formatPesos(total)}`,
  paymentEvent: (seq: number, amount: string, receivedOn: string) => `Pago de la parcialidad ${seq}: ${formatPesos(amount)} recibido el ${receivedOn}`,
  reversalEvent: (seq: number, amount: string, reason: string) => `Pago de la parcialidad ${seq} (${formatPesos(amount)}) revertido: ${reason}`,
  fulfilledEvent: (instalments: number, total: string) => `Convenio de pago cumplido: ${plural(instalments, 'parcialidad pagada', 'parcialidades pagadas')} (${formatPesos(total)})`,
  recoveryDescription: (seq: number) => `Pago de la parcialidad ${seq} del convenio`,
  brokenNote: (seq: number) => `Parcialidad ${seq} vencida sin pagar: el convenio se incumplió`,
  missedTitle: (claimNumber: string, seq: number) => `Parcialidad ${seq} no pagada: ${claimNumber}`,
  missedBody: (notice: { claimNumber: string; policyLabel: string; seq: number; dueOn: string; owed: string; movedBack: boolean }) =>
    `La parcialidad ${notice.seq} del convenio de la incidencia ${notice.claimNumber} (póliza ${notice.policyLabel}) venció el ${notice.dueOn} con ${formatPesos(notice.owed)} sin pagar: el convenio se incumplió${notice.movedBack ? ' y la incidencia volvió a Gestión extrajudicial' : ''}.`,
} as const;
