import { z } from 'zod';
import { idSchema, maxId, optionalText, requiredText } from '../common/fields';
import { maxMoneyCents, moneyToCents, positiveMoneyInput } from '../rents/money';
import { isCalendarDay, paymentInputSchema } from '../rents/rents';
import {
  claimCostKinds,
  claimDocumentKinds,
  claimMovementKinds,
  claimResults,
  claimStages,
  claimStatuses,
  claimTypes,
  claimTypeLabels,
  contactChannels,
  contactParties,
  lawsuitStepLabels,
  lawsuitSteps,
  type ClaimStage,
} from './claim-values';

/* What people send about a case (issue 33). Every message names its field, in Spanish. */

const listOf = (labels: readonly string[]) => labels.join(', ');

/** A day in Mexico City's calendar, 'YYYY-MM-DD'. */
export const claimDay = (label: string) =>
  z
    .string({ error: `El campo ${label} es obligatorio` })
    .trim()
    .refine((value) => isCalendarDay(value), `El campo ${label} debe ser una fecha válida`);

/** An amount that may be zero (no services or damages claimed): cents. */
export function moneyOrZeroInput(label: string) {
  const invalid = `El campo ${label} debe ser un importe de cero o más, con hasta dos decimales`;
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value;
    const cents = text.trim() === '' ? 0 : moneyToCents(text);
    if (cents === null || cents > maxMoneyCents || (typeof value === 'number' && Math.abs(cents - value * 100) > 1e-6)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return cents;
  });
}

export const claimTypeSchema = z.enum(claimTypes, { error: `El campo Tipo debe ser uno de: ${listOf(Object.values(claimTypeLabels))}` });
export const claimStageSchema = z.enum(claimStages, { error: 'El campo Etapa no es válido' });
export const claimDescriptionMax = 2000;

/** POST /api/policy/{id}/claims. Without `amountClaimed`, the rent claimed is the months in arrears. Amounts in cents. */
export const claimOpenInputSchema = z.object({
  type: claimTypeSchema,
  description: requiredText('Descripción', claimDescriptionMax),
  amountClaimed: positiveMoneyInput('Monto reclamado').optional(),
  servicesClaimed: moneyOrZeroInput('Servicios reclamados').optional(),
  damagesClaimed: moneyOrZeroInput('Daños reclamados').optional(),
  assigneeId: z.coerce.number({ error: 'El campo Responsable no es válido' }).int().positive('El campo Responsable no es válido').max(maxId).nullable().optional(),
});
export type ClaimOpenInput = z.input<typeof claimOpenInputSchema>;

/** PATCH /api/claims/{id} (If-Match): what staff correct on an open case. */
export const claimUpdateInputSchema = z.object({
  description: requiredText('Descripción', claimDescriptionMax).optional(),
  rentClaimed: moneyOrZeroInput('Rentas reclamadas').optional(),
  servicesClaimed: moneyOrZeroInput('Servicios reclamados').optional(),
  damagesClaimed: moneyOrZeroInput('Daños reclamados').optional(),
  assigneeId: z.coerce.number({ error: 'El campo Responsable no es válido' }).int().positive('El campo Responsable no es válido').max(maxId).nullable().optional(),
});
export type ClaimUpdateInput = z.input<typeof claimUpdateInputSchema>;

/** POST /api/claims/{id}/stage. Closing needs a result; reopening a closed case needs the note (the reason). */
export const claimStageInputSchema = z
  .object({
    stage: claimStageSchema,
    note: optionalText('Nota', 1000),
    result: z.enum(claimResults, { error: 'El campo Resultado no es válido' }).optional(),
    /** Tell the owner by e-mail (and give the agent the WhatsApp text). */
    notifyOwner: z.boolean({ error: 'El campo Avisar al propietario debe ser verdadero o falso' }).optional().default(false),
  })
  .superRefine((input, context) => {
    if (input.stage === 'closed' && !input.result) context.addIssue({ code: 'custom', path: ['result'], message: 'Para cerrar la incidencia elija el resultado' });
    if (input.stage !== 'closed' && input.result) context.addIssue({ code: 'custom', path: ['result'], message: 'El resultado solo se indica al cerrar la incidencia' });
  });
export type ClaimStageInput = z.input<typeof claimStageInputSchema>;

/** POST /api/claims/{id}/contacts. `at` is an instant (ISO 8601 with offset); `promisedAt` a day. */
export const claimContactInputSchema = z.object({
  channel: z.enum(contactChannels, { error: 'El campo Medio debe ser Llamada, Visita, Correo electrónico, WhatsApp o Carta' }),
  party: z.enum(contactParties, { error: 'El campo Con quién no es válido' }),
  personName: optionalText('Nombre de la persona', 200),
  at: z.iso.datetime({ offset: true, error: 'El campo Fecha y hora debe ser una fecha y hora válidas' }),
  result: requiredText('Resultado', 1000),
  promisedAt: claimDay('Fecha de promesa de pago').optional(),
  promisedAmount: positiveMoneyInput('Monto prometido').optional(),
});
export type ClaimContactInput = z.input<typeof claimContactInputSchema>;

/** POST /api/claims/{id}/deadlines: a término, the day it falls due and what is due. */
export const claimDeadlineInputSchema = z.object({
  dueOn: claimDay('Vencimiento'),
  description: requiredText('Descripción', 300),
});
export type ClaimDeadlineInput = z.input<typeof claimDeadlineInputSchema>;

/** Each step's date may not be before an earlier step's (a sentence before the filing → 400 on judgmentOn). */
function stepsInOrder(input: Partial<Record<(typeof lawsuitSteps)[number], string | null | undefined>>, context: z.RefinementCtx) {
  let latest: { step: (typeof lawsuitSteps)[number]; day: string } | null = null;
  for (const step of lawsuitSteps) {
    const day = input[step];
    if (!day) continue;
    if (latest && day < latest.day) {
      context.addIssue({ code: 'custom', path: [step], message: `El campo ${lawsuitStepLabels[step]} no puede ser anterior a ${lawsuitStepLabels[latest.step]} (${latest.day})` });
    } else latest = { step, day };
  }
}

const optionalStep = (step: (typeof lawsuitSteps)[number]) => claimDay(lawsuitStepLabels[step]).nullable().optional();

/** PUT /api/claims/{id}/lawsuit (If-Match): the court, the case number and the steps' dates. */
export const lawsuitInputSchema = z
  .object({
    court: requiredText('Juzgado', 200),
    caseNumber: requiredText('Expediente judicial', 60),
    filedOn: claimDay(lawsuitStepLabels.filedOn),
    admittedOn: optionalStep('admittedOn'),
    servedOn: optionalStep('servedOn'),
    answeredOn: optionalStep('answeredOn'),
    hearingOn: optionalStep('hearingOn'),
    judgmentOn: optionalStep('judgmentOn'),
    enforcementOn: optionalStep('enforcementOn'),
    evictionOn: optionalStep('evictionOn'),
    notes: optionalText('Notas', 2000),
  })
  .superRefine(stepsInOrder);
export type LawsuitInput = z.input<typeof lawsuitInputSchema>;

/** POST /api/claims/{id}/movements: a cost, an amount recovered or a payout to the owner (cents). */
export const claimMovementInputSchema = z.object({
  kind: z.enum(claimMovementKinds, { error: 'El campo Concepto no es válido' }),
  amount: positiveMoneyInput('Importe'),
  on: claimDay('Fecha'),
  description: optionalText('Descripción', 300),
});
export type ClaimMovementInput = z.input<typeof claimMovementInputSchema>;
export const isClaimCost = (kind: string) => (claimCostKinds as readonly string[]).includes(kind);

/** A reversal's reason (a movement or an instalment payment is never edited in place). */
export const claimReversalInputSchema = z.object({ reason: requiredText('Motivo', 500) });

export const agreementMaxInstalments = 60;

/** POST /api/claims/{id}/agreement: the instalments, each with its day (strictly later each time) and amount. */
export const agreementInputSchema = z.object({
  instalments: z
    .array(z.object({ dueOn: claimDay('Fecha de la parcialidad'), amount: positiveMoneyInput('Importe de la parcialidad') }), { error: 'El campo Parcialidades no es válido' })
    .min(1, 'El convenio necesita al menos una parcialidad')
    .max(agreementMaxInstalments, `El convenio admite como máximo ${agreementMaxInstalments} parcialidades`)
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        const previous = rows[index - 1];
        if (previous && row.dueOn <= previous.dueOn) context.addIssue({ code: 'custom', path: [index, 'dueOn'], message: 'Las fechas de las parcialidades deben ir en orden, sin repetirse' });
      });
    }),
  notes: optionalText('Notas', 2000),
});
export type AgreementInput = z.input<typeof agreementInputSchema>;

/** POST /api/claims/instalments/{id}/payments: as a rent payment. */
export const instalmentPaymentInputSchema = paymentInputSchema;

export const claimListSorts = ['next_deadline', 'opened', 'amount'] as const;

export const claimListQuerySchema = z.object({
  branchId: z.coerce.number({ error: 'La sucursal no existe' }).int().positive('La sucursal no existe').max(maxId, 'La sucursal no existe').optional(),
  stage: claimStageSchema.optional(),
  type: claimTypeSchema.optional(),
  status: z.enum([...claimStatuses, 'active'], { error: 'El campo Estado no es válido' }).optional(),
  /** A user's id, or 'none' for cases nobody is assigned to. */
  assignee: z.union([z.literal('none'), z.coerce.number().int().positive().max(maxId)], { error: 'El campo Responsable no es válido' }).optional(),
  /** 'week': a pending deadline in the next 7 days (or already missed). */
  due: z.enum(['week'], { error: 'El campo due solo admite week' }).optional(),
  minDaysOpen: z.coerce.number({ error: 'El campo Días abierta debe ser un número entero' }).int('El campo Días abierta debe ser un número entero').min(0).max(100_000).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(claimListSorts, { error: 'El orden no es válido' }).optional().default('next_deadline'),
  page: z.coerce.number({ error: 'El campo page debe ser un número entero mayor que cero' }).int().min(1, 'El campo page debe ser un número entero mayor que cero').max(100_000).default(1),
  format: z.enum(['csv', 'xlsx'], { error: 'El formato de exportación debe ser csv o xlsx' }).optional(),
});
export type ClaimListQuery = z.input<typeof claimListQuerySchema>;

export const claimCalendarQuerySchema = z.object({
  from: claimDay('Desde'),
  to: claimDay('Hasta'),
  assignee: z.coerce.number().int().positive().max(maxId).optional(),
});

export const claimSummaryQuerySchema = z.object({
  month: z.string({ error: 'El campo Mes es obligatorio' }).regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, 'El campo Mes debe tener la forma AAAA-MM'),
  branchId: z.coerce.number().int().positive('La sucursal no existe').max(maxId, 'La sucursal no existe').optional(),
  format: z.enum(['csv', 'xlsx'], { error: 'El formato de exportación debe ser csv o xlsx' }).optional(),
});

export const claimDocumentParamsSchema = z.object({ id: idSchema, kind: z.enum(claimDocumentKinds, { error: 'El tipo de documento no es válido' }) });

/** PUT /api/admin/claim-stages: an admin renames the stages (the ids stay). */
export const claimStageLabelsInputSchema = z.object({
  labels: z.object(Object.fromEntries(claimStages.map((stage) => [stage, requiredText('Nombre de la etapa', 60)])) as Record<ClaimStage, ReturnType<typeof requiredText>>),
});

/** The owner's 'Reportar un problema' (multipart fields, or JSON without files). */
export const claimOwnerReportInputSchema = z.object({
  type: claimTypeSchema,
  description: requiredText('Descripción', claimDescriptionMax),
});
export type ClaimOwnerReportInput = z.input<typeof claimOwnerReportInputSchema>;
