import { z } from 'zod';
import { maxId, optionalText, phoneField, requiredText, idSchema } from '../common/fields';
import { messages } from '../common/messages';
import { normalizePhone } from '../common/phones';
import { recordStatusSchema } from '../common/status';
import { isCalendarDay } from '../rents/rents';
import { brokerKinds, commissionStates } from './broker-values';
import { isValidClabe } from './clabe';

/*
 * What a person sends about asesores and inmobiliarias (issue 34): the directory's record, the
 * list's filters, a payout of commissions, the statement's and the report's month. The messages
 * name the field as the form labels it.
 */

export const brokerLabels = {
  kind: 'Tipo',
  name: 'Nombre',
  rfc: 'RFC',
  contactName: 'Contacto',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  bank: 'Banco',
  clabe: 'CLABE',
  accountHolder: 'Titular de la cuenta',
  commissionPercent: 'Comisión (%)',
  commissionIvaPercent: 'IVA de la comisión (%)',
  isrWithholdingPercent: 'Retención de ISR (%)',
  ivaWithholdingPercent: 'Retención de IVA (%)',
  notes: 'Notas',
  status: 'Estatus',
  branchId: 'Sucursal',
  entryIds: 'Comisiones',
  paidOn: 'Fecha de pago',
  reference: 'Referencia',
  month: 'Mes',
} as const;

export const brokerMessages = {
  notFound: 'Asesor no encontrado',
  payoutNotFound: 'Pago de comisiones no encontrado',
  rfc: 'El campo RFC no es válido (revise sus letras, la fecha y la homoclave)',
  clabe: 'El campo CLABE debe tener 18 dígitos y su dígito verificador correcto',
  phone: 'El campo Teléfono no es un número válido',
  percent: (label: string) => `El campo ${label} debe ser un porcentaje de 0 a 100, con hasta dos decimales`,
  month: 'El campo Mes debe tener la forma AAAA-MM',
  nameTaken: 'Ya existe un asesor o inmobiliaria de ese tipo con ese nombre en la sucursal',
  staleEntries: 'Las comisiones seleccionadas cambiaron (alguna ya se pagó o se recalculó). Vuelva a cargar la lista.',
  nothingToPay: 'El total de las comisiones seleccionadas debe ser mayor que cero',
  paidOnFuture: 'La fecha de pago no puede ser posterior a hoy',
  alreadyReversed: 'Este pago de comisiones ya fue revertido.',
  otherBranchList: 'Solo puede consultar los asesores de su sucursal',
  policyBroker: 'El asesor o inmobiliaria no existe en la sucursal de la póliza o está inactivo',
} as const;

/** '20', '20.5', 20 → '20.00'; a percentage from 0 to 100 with at most two decimals. */
export function percentField(label: string) {
  const invalid = brokerMessages.percent(label);
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, context) => {
    const text = String(value).trim();
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
    const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
    if (!(hundredths >= 0 && hundredths <= 10_000)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
  });
}

/** The broker's own commission, or '' / null for the branch's. */
const commissionPercentField = z.preprocess((value) => (value === '' ? null : value), percentField(brokerLabels.commissionPercent).nullable());

/**
 * The RFC's form only (3 or 4 letters, the date, the homoclave), upper-cased; '' when none. The
 * server also checks its date and check digit (@nodecfdi/rfc), which the browser does not carry.
 */
const rfcField = optionalText(brokerLabels.rfc, 13)
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/.test(value), brokerMessages.rfc);

const clabeField = optionalText(brokerLabels.clabe, 18)
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value === '' || isValidClabe(value), brokerMessages.clabe);

/** '' or an address; lower-cased. */
const optionalEmailField = optionalText(brokerLabels.email, 254)
  .transform((value) => value.toLowerCase())
  .refine((value) => value === '' || z.email().safeParse(value).success, messages.invalidEmail);

/** '' or a valid number (Mexico by default), kept as E.164 like the leads' phones. */
const brokerPhoneField = phoneField(brokerLabels.phone).transform((value, context) => {
  if (!value) return '';
  const e164 = normalizePhone(value);
  if (e164) return e164;
  context.addIssue({ code: 'custom', message: brokerMessages.phone });
  return z.NEVER;
});

const zeroPercent = (label: string) => percentField(label).default('0.00');

/** POST /api/brokers and PUT /api/brokers/{id}: the whole record. */
export const brokerInputSchema = z.object({
  kind: z.enum(brokerKinds, { error: 'El campo Tipo debe ser asesor o inmobiliaria' }),
  name: requiredText(brokerLabels.name, 150),
  rfc: rfcField,
  contactName: optionalText(brokerLabels.contactName, 150),
  email: optionalEmailField,
  phone: brokerPhoneField,
  bank: optionalText(brokerLabels.bank, 80),
  clabe: clabeField,
  accountHolder: optionalText(brokerLabels.accountHolder, 150),
  commissionPercent: commissionPercentField.default(null),
  commissionIvaPercent: zeroPercent(brokerLabels.commissionIvaPercent),
  isrWithholdingPercent: zeroPercent(brokerLabels.isrWithholdingPercent),
  ivaWithholdingPercent: zeroPercent(brokerLabels.ivaWithholdingPercent),
  notes: optionalText(brokerLabels.notes, 2000),
  /** Admins choose the branch; everyone else's record is their own branch's (the server decides). */
  branchId: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce.number({ error: messages.branchNotFound }).int().positive(messages.branchNotFound).max(maxId, messages.branchNotFound).nullish(),
  ),
  /** 'inactive' deactivates (a broker is never deleted: their commissions stay); left out on create: active. */
  status: recordStatusSchema.optional(),
});
export type BrokerInput = z.input<typeof brokerInputSchema>;
export type BrokerValues = z.output<typeof brokerInputSchema>;

const optionalBranchQuery = z.coerce.number({ error: messages.branchNotFound }).int().positive(messages.branchNotFound).max(maxId, messages.branchNotFound).optional();

export const brokerListQuerySchema = z.object({
  q: z.string().trim().max(100, messages.tooLong('Buscar', 100)).optional(),
  kind: z.enum(brokerKinds, { error: 'El campo Tipo debe ser asesor o inmobiliaria' }).optional(),
  status: recordStatusSchema.optional(),
  branchId: optionalBranchQuery,
});
export type BrokerListQuery = z.input<typeof brokerListQuerySchema>;

export const commissionsQuerySchema = z.object({
  state: z.enum(commissionStates, { error: 'El campo Estado debe ser pending o paid' }).optional(),
});

const calendarDayField = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .refine(isCalendarDay, `El campo ${label} debe ser una fecha válida`);

/** 'Pagar comisiones': the pending entries paid by one transfer, its date and reference. */
export const payoutInputSchema = z.object({
  entryIds: z
    .array(idSchema, { error: messages.required(brokerLabels.entryIds) })
    .min(1, 'Seleccione al menos una comisión')
    .max(1000, 'Seleccione como máximo 1000 comisiones')
    .refine((ids) => new Set(ids).size === ids.length, 'Una comisión aparece más de una vez'),
  paidOn: calendarDayField(brokerLabels.paidOn),
  reference: requiredText(brokerLabels.reference, 100),
});
export type PayoutInput = z.input<typeof payoutInputSchema>;

/** 'YYYY-MM' of a real month. */
export const monthField = z
  .string({ error: messages.required(brokerLabels.month) })
  .trim()
  .regex(/^(19|2[01])\d{2}-(0[1-9]|1[0-2])$/, brokerMessages.month);

export const statementQuerySchema = z.object({
  month: monthField,
  format: z.enum(['pdf', 'csv'], { error: 'El formato debe ser pdf o csv' }).optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const commissionsReportQuerySchema = z.object({
  month: monthField,
  branchId: optionalBranchQuery,
  format: z.enum(['csv', 'xlsx'], { error: 'El formato de exportación debe ser csv o xlsx' }).optional(),
});
export type CommissionsReportQuery = z.input<typeof commissionsReportQuerySchema>;

/** The first and last day of a 'YYYY-MM'. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(lastDay).padStart(2, '0')}` };
}
