import { z } from 'zod';
import { messages } from '../common/messages';
import { emailField, maxId, optionalText, requiredPhoneField, requiredText } from '../common/fields';
import { recordStatusSchema } from '../common/status';
import { matchesSearch } from '../common/search';
import { paperSizes } from '../contracts/contracts';
import { defaultCommissionPercent } from '../brokers/broker-values';
import { commissionPercentField, feeSettingsLabels, requireFeeBeforeContractsField } from './fee-settings';
import { checkRentIncreaseSource, defaultRentReminderDays, maxRentIncreasePercentField, maxRentIncreaseSourceField, rentReminderDaysField, rentSettingsLabels } from './rent-settings';
import { signingSettingsDefaults, signingSettingsLabels, signingSettingsOptional, signingSettingsResponse } from './signing-settings';

export const branchLabels = {
  name: 'Nombre',
  street: 'Calle',
  exteriorNumber: 'Número exterior',
  interiorNumber: 'Número interior',
  colony: 'Colonia',
  municipality: 'Alcaldía / Municipio',
  state: 'Estado',
  zipCode: 'Código postal',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  manager: 'Gerente',
  status: 'Estatus',
  code: 'Clave',
  expiryNoticeDays: 'Aviso de vencimiento (días)',
  paperSize: 'Papel de los contratos',
  ...signingSettingsLabels,
  retainRejectedDocumentsMonths: 'Documentos de investigaciones rechazadas (meses)',
  retainEndedPolicyDocumentsYears: 'Documentos de pólizas terminadas (años)',
  retainClosedClaimsYears: 'Incidencias cerradas (años)',
  ...rentSettingsLabels,
  ...feeSettingsLabels,
} as const;

/** A branch's short code, the first part of its policy numbers (`POL-2026-00042`). */
export const branchCodePattern = /^[A-Z0-9]{2,6}$/;
export const branchCodeMessage = 'El campo Clave debe tener de 2 a 6 letras mayúsculas o dígitos';
export const defaultExpiryNoticeDays = 30;
export const maxExpiryNoticeDays = 365;

/** Upper-cased and trimmed; '' or null leave it to the server (create) and are refused on update. */
const branchCodeField = z
  .string({ error: branchCodeMessage })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => branchCodePattern.test(value), branchCodeMessage);

/** Blank means "not given": the server assigns one on create and keeps the current one on update. */
const optionalBranchCode = z.preprocess((value) => (value === '' || value === null ? undefined : value), branchCodeField.optional());

const expiryNoticeDaysField = z.coerce
  .number({ error: 'El campo Aviso de vencimiento (días) debe ser un número' })
  .int('El campo Aviso de vencimiento (días) debe ser un número entero')
  .min(1, `El campo Aviso de vencimiento (días) debe estar entre 1 y ${maxExpiryNoticeDays}`)
  .max(maxExpiryNoticeDays, `El campo Aviso de vencimiento (días) debe estar entre 1 y ${maxExpiryNoticeDays}`);

/** The paper its contract pack is printed on (issue 16): carta unless the branch chooses A4. */
const paperSizeField = z.enum(paperSizes, { error: 'El campo Papel de los contratos debe ser Carta o A4' });


/*
 * Retention (issue 19, LFPDPPP): how long a branch keeps the files of a rejected investigation
 * (months after the rejection) and of an ended policy (years after it expired or was cancelled)
 * before the daily 'retention' job deletes them. null ('Nunca'): they are never deleted.
 */
export const defaultRetainRejectedDocumentsMonths = 6;
export const defaultRetainEndedPolicyDocumentsYears = 10;
export const maxRetainRejectedDocumentsMonths = 120;
export const maxRetainEndedPolicyDocumentsYears = 30;
/** Issue 33: years a closed case (incidencia) keeps its personal data before the job anonymises it. */
export const defaultRetainClosedClaimsYears = 10;
export const maxRetainClosedClaimsYears = 30;

/** A whole number from 1 to `max`, or null ('', null) for never; the message names the field. */
function retentionPeriodField(label: string, max: number) {
  const range = `El campo ${label} debe estar entre 1 y ${max}, o vacío para no eliminarlos nunca`;
  return z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce
      .number({ error: `El campo ${label} debe ser un número` })
      .int(`El campo ${label} debe ser un número entero`)
      .min(1, range)
      .max(max, range)
      .nullable(),
  );
}

const retainRejectedDocumentsMonthsField = retentionPeriodField(branchLabels.retainRejectedDocumentsMonths, maxRetainRejectedDocumentsMonths);
const retainEndedPolicyDocumentsYearsField = retentionPeriodField(branchLabels.retainEndedPolicyDocumentsYears, maxRetainEndedPolicyDocumentsYears);
const retainClosedClaimsYearsField = retentionPeriodField(branchLabels.retainClosedClaimsYears, maxRetainClosedClaimsYears);

export const zipCodeField = z
  .string({ error: messages.required(branchLabels.zipCode) })
  .trim()
  .min(1, messages.required(branchLabels.zipCode))
  .regex(/^\d{5}$/, messages.zipCode);

export const addressInputSchema = z.object({
  street: requiredText(branchLabels.street, 150),
  exteriorNumber: requiredText(branchLabels.exteriorNumber, 20),
  interiorNumber: optionalText(branchLabels.interiorNumber, 20),
  colony: requiredText(branchLabels.colony, 120),
  municipality: requiredText(branchLabels.municipality, 120),
  state: requiredText(branchLabels.state, 80),
  zipCode: zipCodeField,
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** Manager is a user id, or null for 'Sin gerente' (a new office may have none yet). */
const managerField = z.preprocess(
  (value) => (value === '' || value === 0 || value === '0' ? null : value),
  z.coerce.number({ error: messages.invalidOption(branchLabels.manager) }).int().positive().max(maxId).nullable(),
);

const branchFields = {
  name: requiredText(branchLabels.name, 120),
  address: addressInputSchema,
  phone: requiredPhoneField(branchLabels.phone),
  email: emailField(branchLabels.email),
  manager: managerField.default(null),
};

export const createBranchRequestSchema = z.object({
  ...branchFields,
  /** Not given: the server assigns `SUC` and a number (decision 013). */
  code: optionalBranchCode,
  expiryNoticeDays: expiryNoticeDaysField.default(defaultExpiryNoticeDays),
  paperSize: paperSizeField.default('letter'),
  ...signingSettingsDefaults,
  retainRejectedDocumentsMonths: retainRejectedDocumentsMonthsField.default(defaultRetainRejectedDocumentsMonths),
  retainEndedPolicyDocumentsYears: retainEndedPolicyDocumentsYearsField.default(defaultRetainEndedPolicyDocumentsYears),
  retainClosedClaimsYears: retainClosedClaimsYearsField.default(defaultRetainClosedClaimsYears),
  rentReminderDays: rentReminderDaysField.default(defaultRentReminderDays),
  maxRentIncreasePercent: maxRentIncreasePercentField.default(null),
  maxRentIncreaseSource: maxRentIncreaseSourceField,
  requireFeeBeforeContracts: requireFeeBeforeContractsField.default(false),
  commissionPercent: commissionPercentField.default(defaultCommissionPercent),
  status: recordStatusSchema.default('active'),
}).superRefine(checkRentIncreaseSource);
export type CreateBranchRequest = z.input<typeof createBranchRequestSchema>;

/** Code and notice days left out (a client written to the spec) keep what the branch has. */
export const updateBranchRequestSchema = z.object({
  ...branchFields,
  code: optionalBranchCode,
  expiryNoticeDays: expiryNoticeDaysField.optional(),
  paperSize: paperSizeField.optional(),
  /** Left out: kept as they are (issue 35). */
  ...signingSettingsOptional,
  /** Left out: kept as they are; null: never delete. */
  retainRejectedDocumentsMonths: retainRejectedDocumentsMonthsField.optional(),
  retainEndedPolicyDocumentsYears: retainEndedPolicyDocumentsYearsField.optional(),
  retainClosedClaimsYears: retainClosedClaimsYearsField.optional(),
  /** Left out: kept as they are (issue 32). */
  rentReminderDays: rentReminderDaysField.optional(),
  maxRentIncreasePercent: maxRentIncreasePercentField.optional(),
  maxRentIncreaseSource: maxRentIncreaseSourceField.optional(),
  /** Left out: kept as they are (issue 34). */
  requireFeeBeforeContracts: requireFeeBeforeContractsField.optional(),
  commissionPercent: commissionPercentField.optional(),
  status: recordStatusSchema,
}).superRefine(checkRentIncreaseSource);
export type UpdateBranchRequest = z.input<typeof updateBranchRequestSchema>;

/**
 * 'Nueva Sucursal' / 'Editar Sucursal': the whole record, status included (a new branch starts
 * Activo), so create and edit share one form type. The same schema as `updateBranchRequestSchema`,
 * named for the form that uses it.
 * @alias
 */
export const branchFormSchema = updateBranchRequestSchema;
export type BranchFormInput = z.input<typeof branchFormSchema>;
export type BranchFormOutput = z.output<typeof branchFormSchema>;

export const branchStatusChangeSchema = z.strictObject({ status: recordStatusSchema });

export const branchUpdateBodySchema = z.union([branchStatusChangeSchema, updateBranchRequestSchema]);
export type BranchUpdateBody = z.input<typeof branchUpdateBodySchema>;

export const addressSchema = z.object({
  id: z.number(),
  street: z.string(),
  exteriorNumber: z.string(),
  interiorNumber: z.string(),
  colony: z.string(),
  municipality: z.string(),
  state: z.string(),
  zipCode: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const branchSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: addressSchema,
  phone: z.string(),
  email: z.string(),
  manager: z.number().nullable(),
  managerName: z.string().nullable(),
  code: z.string(),
  expiryNoticeDays: z.number(),
  paperSize: z.enum(paperSizes),
  ...signingSettingsResponse,
  /** null: never deleted. */
  retainRejectedDocumentsMonths: z.number().nullable(),
  retainEndedPolicyDocumentsYears: z.number().nullable(),
  retainClosedClaimsYears: z.number().nullable(),
  /** Issue 32: days before each due date the tenant is reminded (null: no reminders); the renewals' cap and its source. */
  rentReminderDays: z.number().nullable(),
  maxRentIncreasePercent: z.number().nullable(),
  maxRentIncreaseSource: z.string(),
  /** Issue 34: 'Generar Contratos' waits for the fee paid; the brokers' default commission ('20.00'). */
  requireFeeBeforeContracts: z.boolean(),
  commissionPercent: z.string(),
  status: recordStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised on every write to the branch (its settings too); sent back in If-Match by its form (decision 023). */
  version: z.number().int(),
});
export type Branch = z.infer<typeof branchSchema>;
export const branchListSchema = z.array(branchSchema);


/** 'Calle 12 Int. 3, Colonia, Municipio, Estado, C.P. 00000' */
export function formatAddress(address: Omit<Address, 'id'>): string {
  const number = address.interiorNumber
    ? `${address.exteriorNumber} Int. ${address.interiorNumber}`
    : address.exteriorNumber;
  return `${address.street} ${number}, ${address.colony}, ${address.municipality}, ${address.state}, C.P. ${address.zipCode}`;
}

/** The list's search: name, street, colony, municipality. */
type SearchableBranch = Pick<Branch, 'name'> & { address: Pick<Address, 'street' | 'colony' | 'municipality'> };

export function branchMatchesSearch(branch: SearchableBranch, query: string) {
  return matchesSearch(query, [branch.name, branch.address.street, branch.address.colony, branch.address.municipality]);
}
