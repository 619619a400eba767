import { businessTimeZone } from '../policies/folio';
import { allowedContactParties, claimStages, contactHours, contactPartyLabels, type ClaimStage, type ContactParty } from './claim-values';

/** The calendar of términos reads at most this many days at once. */
export const claimCalendarMaxDays = 100;

/*
 * The office's firm rules for collection (issue 33): fair-collection conduct the portal enforces,
 * refused with the reason rather than left to good intentions.
 */

export const claimMessages = {
  notFound: 'Incidencia no encontrada',
  policyNotFound: 'Póliza no encontrada',
  policyCancelled: 'La póliza está cancelada: no admite incidencias',
  closedReadOnly: 'La incidencia está cerrada: solo puede reabrirse con un motivo',
  reopenNeedsReason: 'Para reabrir la incidencia escriba el motivo en la nota',
  sameStage: 'La incidencia ya está en esa etapa',
  noArrears: 'La póliza no tiene rentas vencidas: indique el monto reclamado',
  assigneeInvalid: 'El responsable debe ser un usuario activo de la sucursal de la póliza',
  contactOutsideHours: `Las gestiones de cobranza solo pueden hacerse entre las ${contactHours.from}:00 y las ${contactHours.to}:00, hora de la Ciudad de México`,
  contactFuture: 'El campo Fecha y hora no puede ser posterior a ahora',
  contactParty: (party: ContactParty) =>
    `No se permite gestionar el cobro con ${contactPartyLabels[party].toLowerCase()}: solo con el inquilino y los obligados solidarios`,
  courtImitation: (term: string) => `Los documentos de cobranza no pueden imitar un documento judicial (contiene «${term}»)`,
  deadlineNotFound: 'Término no encontrado',
  deadlineDone: 'El término ya se marcó como cumplido',
  movementNotFound: 'Movimiento no encontrado',
  movementReversed: 'El movimiento ya se revirtió',
  movementOfInstalment: 'Este monto es el pago de una parcialidad del convenio: revierta ese pago en Convenio de pago',
  agreementExists: 'La incidencia ya tiene un convenio vigente',
  instalmentNotFound: 'Parcialidad no encontrada',
  instalmentPaid: 'La parcialidad ya está pagada',
  lawsuitBeforeDemand: 'Los datos de la demanda se capturan desde la etapa Demanda',
  ownerLinkNoEmail: 'El propietario no tiene correo electrónico registrado',
  lawyerDraft: 'El texto es un borrador para revisión del abogado de la oficina; no constituye asesoría legal.',
  extrajudicialNotice: 'Documento extrajudicial: no es una notificación ni una resolución de un juzgado.',
  otherBranchList: 'No tiene acceso a las incidencias de otra sucursal',
  branchNotFound: 'La sucursal no existe',
  calendarOrder: 'El campo Hasta no puede ser anterior a Desde',
  calendarTooLong: `El calendario muestra como máximo ${claimCalendarMaxDays} días: acorte el periodo`,
  deadlineBeforeOpening: 'El campo Vencimiento no puede ser anterior al día en que se abrió la incidencia',
  lawsuitFiledFuture: 'El campo Presentación de la demanda no puede ser posterior a hoy',
  movementFuture: 'El campo Fecha no puede ser posterior a hoy',
  deadlineReminderTitle: (number: string, daysLeft: number) => `Término de ${number}: vence ${daysLeft === 0 ? 'hoy' : daysLeft === 1 ? 'mañana' : `en ${daysLeft} días`}`,
  deadlineMissedTitle: (number: string) => `Término vencido de ${number}`,
  deadlineReminderBody: (description: string, dueOn: string, folio: string) => `«${description}» vence el ${dueOn} (póliza ${folio}).`,
  deadlineMissedBody: (description: string, dueOn: string, folio: string) => `«${description}» venció el ${dueOn} y no se ha marcado como cumplido (póliza ${folio}).`,
} as const;

let hourFormat: Intl.DateTimeFormat | undefined;
/** The hour and minute of an instant on Mexico City's clock. */
export function mexicoCityClock(at: Date): { hour: number; minute: number } {
  hourFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: businessTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const [hour, minute] = hourFormat.format(at).split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

/** Whether an instant falls within fair-collection hours (7:00 to 22:00 sharp, Mexico City). */
export function withinContactHours(at: Date): boolean {
  const { hour, minute } = mexicoCityClock(at);
  const minutes = hour * 60 + minute;
  return minutes >= contactHours.from * 60 && minutes <= contactHours.to * 60;
}

/** Why a collection contact is refused, or null when it is allowed. */
export function contactRefusal(input: { party: ContactParty; at: Date }, now: Date): { field: 'party' | 'at'; message: string } | null {
  if (!(allowedContactParties as readonly string[]).includes(input.party)) return { field: 'party', message: claimMessages.contactParty(input.party) };
  if (!withinContactHours(input.at)) return { field: 'at', message: claimMessages.contactOutsideHours };
  if (input.at.getTime() > now.getTime() + 5 * 60_000) return { field: 'at', message: claimMessages.contactFuture };
  return null;
}

/**
 * Words that make a collection letter look like a court paper. A requerimiento, a carta or a
 * convenio naming one of them is refused (the demand summary is the lawyer's internal work and
 * may name the court).
 */
export const courtImitationTerms = [
  'juzgado',
  'tribunal',
  'poder judicial',
  'emplazamiento',
  'orden de embargo',
  'orden de aprehensión',
  'citatorio',
  'notificación judicial',
  'expediente judicial',
  'sello del juzgado',
  'c. juez',
  'actuario',
] as const;

/** The first court-like term a text uses (accents and case ignored), or null. */
export function courtImitationTerm(text: string): string | null {
  const folded = fold(text);
  return courtImitationTerms.find((term) => folded.includes(fold(term))) ?? null;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** A move to an earlier stage (e.g. a broken agreement back to Gestión) — it wants a note. */
export function isBackwardMove(from: ClaimStage, to: ClaimStage): boolean {
  return claimStages.indexOf(to) < claimStages.indexOf(from);
}

/**
 * What the owner is told of a stage change, by e-mail and in the agent's WhatsApp text: the case,
 * its stage and the next step in plain Spanish — never the internal note.
 */
export function claimOwnerStageText(message: { ownerName: string; number: string; stageLabel: string; nextStep: string; branchName: string }): string {
  return `Hola, ${message.ownerName}. Le escribimos de ${message.branchName}. Su incidencia ${message.number} pasó a la etapa «${message.stageLabel}». ${message.nextStep}`;
}
