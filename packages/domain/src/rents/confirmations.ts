import { z } from 'zod';
import { publicLinkMessages } from '../public-links/links';
import { formatPesos, moneySchema, positiveMoneyInput } from './money';
import { periodLabel } from './rent-values';

/*
 * The owner's confirmation of each month's rent (issue 32): a personal link by e-mail (the daily
 * run) or by WhatsApp (staff), three answers. 'full' and 'partial' record a payment as staff
 * would; 'none' puts the month En mora at once and tells the office.
 */

export const rentConfirmationAnswers = ['full', 'partial', 'none'] as const;
export type RentConfirmationAnswer = (typeof rentConfirmationAnswers)[number];

/** The owner's buttons. */
export const rentConfirmationAnswerLabels: Record<RentConfirmationAnswer, string> = {
  full: 'Sí, completa',
  partial: 'Parcial',
  none: 'No',
};

/** What the owner answered, as staff read it in the month's details. */
export const rentConfirmationAnsweredLabels: Record<RentConfirmationAnswer, string> = {
  full: 'Recibió la renta completa',
  partial: 'Recibió una parte',
  none: 'No recibió la renta',
};

/** Days after an e-mail without an answer before the owner is asked again, and then before the agent is told. */
export const rentConfirmationAskAgainDays = 3;
/** How long a confirmation link opens. */
export const rentConfirmationValidDays = 14;

export const rentConfirmationMessages = {
  question: (period: string, amount: string) => `¿Recibió la renta de ${periodLabel(period)} (${formatPesos(amount)})?`,
  whatsappText: (question: string, url: string) => `${question} Responda aquí: ${url}`,
  invalid: publicLinkMessages.invalid,
  alreadyAnswered: 'Ya respondió esta confirmación.',
  answerInvalid: 'El campo Respuesta debe ser full, partial o none',
  amountRequired: 'El campo Importe es obligatorio',
  amountTooHigh: (owed: string) => `El campo Importe debe ser menor que ${formatPesos(owed)}`,
  paymentEvent: (amount: string, period: string) => `Pago confirmado por el propietario: ${formatPesos(amount)} de la renta de ${periodLabel(period)}`,
  notReceived: (period: string) => `El propietario no recibió la renta de ${periodLabel(period)}`,
  notReceivedBody: (folio: string, ownerName: string) => `${ownerName} respondió por enlace que no recibió la renta (póliza ${folio}). El mes quedó en mora.`,
  unansweredTitle: (period: string) => `El propietario no ha confirmado la renta de ${periodLabel(period)}`,
  unansweredBody: (folio: string, ownerName: string) => `${ownerName} no respondió a dos correos de confirmación (póliza ${folio}). Comuníquese con él o pida la confirmación por WhatsApp.`,
  /** Who recorded a payment the owner confirmed, on the ledger. */
  ownerRecorder: 'Propietario (por enlace)',
  monthNotFound: 'Mes no encontrado',
  notPastDeadline: 'Este mes aún está dentro de su plazo de pago: no se puede pedir confirmación.',
  monthSettled: 'Este mes ya está pagado o condonado: no hace falta pedir confirmación.',
} as const;

/** A month's confirmation as the ledger shows it (the latest one asked). */
export const rentMonthConfirmationSchema = z.object({
  state: z.enum(['asked', 'answered']),
  answer: z.enum(rentConfirmationAnswers).optional(),
  /** How many times the owner was asked (e-mails and WhatsApp links). */
  askedCount: z.number(),
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type RentMonthConfirmation = z.infer<typeof rentMonthConfirmationSchema>;

/** GET /api/public/rent-confirmations/{token}: what the owner's page asks, nothing about anyone else. */
export const rentConfirmationViewSchema = z.object({
  /** 'YYYY-MM'. */
  period: z.string(),
  periodLabel: z.string(),
  /** What the month still owes: the amount asked about. */
  amountDue: moneySchema,
  /** Street, number and colony only. */
  propertyAddress: z.string(),
  ownerName: z.string(),
  /** Who asks: the policy's branch. */
  branchName: z.string(),
  answered: z.object({ answer: z.enum(rentConfirmationAnswers), at: z.string() }).nullable(),
});
export type RentConfirmationView = z.infer<typeof rentConfirmationViewSchema>;

/** The owner's answer; `amount` (in cents after parsing) only for 'partial', and less than what the month owes. */
export const rentConfirmationAnswerInputSchema = z
  .object({
    answer: z.enum(rentConfirmationAnswers, { error: rentConfirmationMessages.answerInvalid }),
    amount: positiveMoneyInput('Importe').optional(),
  })
  .superRefine((input, context) => {
    if (input.answer === 'partial' && input.amount === undefined) context.addIssue({ code: 'custom', path: ['amount'], message: rentConfirmationMessages.amountRequired });
  });
export type RentConfirmationAnswerInput = z.input<typeof rentConfirmationAnswerInputSchema>;

/** POST /api/rents/months/{id}/confirmation-link: the link, shown once, and the WhatsApp message. */
export const rentConfirmationLinkSchema = z.object({
  url: z.string(),
  whatsappText: z.string(),
  /** `https://wa.me/52…?text=…`, or null when the owner has no valid phone. */
  whatsappUrl: z.string().nullable(),
});
export type RentConfirmationLink = z.infer<typeof rentConfirmationLinkSchema>;
