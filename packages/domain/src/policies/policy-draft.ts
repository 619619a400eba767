import { z } from 'zod';
import { messages } from '../common/messages';
import { maxId, optionalText, phoneField, requiredText } from '../common/fields';
import { optionalCurpField, optionalRfcField } from '../common/tax-ids';
import { addressInputSchema, branchLabels } from '../branches/branch';
import { policyStatusSchema } from './policy-status';
import { policyTypeSchema, propertyTypeSchema } from './policy-type';
import { maxLateInterestMonthlyRate } from '../rents/interest';
import { flag, monthsField, optionalCount, optionalDate, optionalEmail, optionalMoney, optionalRate, policyMessages, requiredMoney } from './policy-fields';
import { policyLabels } from './policy-labels';
import { defaultTermMonths, maxTermMonths, minTermMonths } from './policy-term';

/*
 * The policy form's fields, one schema per section, as the user fills them in. The rules that
 * tie sections together (a guarantor for Plus, the bank fields when paid by deposit…) are in
 * policy-input.ts, which turns this draft into what the server stores.
 */

const L = policyLabels;
const noteText = (label: string) => optionalText(label, 2000);

/** Addresses of people may be partial (a reference's is not asked); a zip code given must be valid. */
export const personAddressInputSchema = z.object({
  street: optionalText(branchLabels.street, 150),
  exteriorNumber: optionalText(branchLabels.exteriorNumber, 20),
  interiorNumber: optionalText(branchLabels.interiorNumber, 20),
  colony: optionalText(branchLabels.colony, 120),
  municipality: optionalText(branchLabels.municipality, 120),
  state: optionalText(branchLabels.state, 80),
  zipCode: optionalText(branchLabels.zipCode, 5).refine((value) => value === '' || /^\d{5}$/.test(value), messages.zipCode),
});
export type PersonAddress = z.output<typeof personAddressInputSchema>;

export const emptyPersonAddress: PersonAddress = {
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  colony: '',
  municipality: '',
  state: '',
  zipCode: '',
};

const contactFields = {
  phone: phoneField(L.phone),
  mobile: phoneField(L.mobile),
  email: optionalEmail(L.email),
  // Issue 35: matched against the person's e.firma certificate; optional until they sign with it.
  rfc: optionalRfcField(L.rfc),
  curp: optionalCurpField(L.curp),
};

/** Children keep their id across edits, so documents tied to a tenant or guarantor stay tied. */
const childId = z.coerce.number().int().positive().max(maxId).optional().catch(undefined);

export const referenceInputSchema = z.object({
  name: optionalText(L.referenceName, 150),
  phone: phoneField(L.phone),
  type: z.enum(['personal', 'familiar'], { error: messages.invalidOption('Tipo de referencia') }).default('personal'),
});

export const tenantInputSchema = z.object({
  id: childId,
  name: requiredText(L.tenantName, 150),
  address: personAddressInputSchema.default(emptyPersonAddress),
  ...contactFields,
  profession: optionalText(L.profession, 120),
  monthlyIncome: optionalMoney(L.monthlyIncome),
  company: optionalText(L.company, 150),
  seniority: optionalText(L.seniority, 60),
  immediateBoss: optionalText(L.immediateBoss, 150),
  workAddress: personAddressInputSchema.default(emptyPersonAddress),
  requiresInvoice: flag,
  // A blank reference row in the form is not a reference.
  references: z
    .array(referenceInputSchema)
    .max(10)
    .default([])
    .transform((references) => references.filter((reference) => reference.name || reference.phone)),
});

export const vehicleInputSchema = z.object({
  brand: optionalText(L.brand, 60),
  model: optionalText(L.model, 60),
  year: optionalCount(L.year, 2100),
  color: optionalText(L.color, 40),
  licensePlate: optionalText(L.licensePlate, 20),
});
export type VehicleInput = z.output<typeof vehicleInputSchema>;

export const guarantorInputSchema = z.object({
  id: childId,
  name: requiredText(L.guarantorName, 150),
  address: personAddressInputSchema.default(emptyPersonAddress),
  ...contactFields,
  sameAddressAsGuarantee: z.boolean().default(true),
  guaranteeAddress: personAddressInputSchema.nullish().transform((value) => value ?? null),
  vehicle: vehicleInputSchema.nullish().transform((value) => value ?? null),
});

export const ownerInputSchema = z.object({
  name: requiredText(L.ownerName, 150),
  address: personAddressInputSchema.default(emptyPersonAddress),
  ...contactFields,
});

export const servicesInputSchema = z.object({
  water: flag,
  electricity: flag,
  maintenance: flag,
  other: optionalText('Otros servicios', 200),
  details: noteText('Detalles de los servicios'),
});

/** A directory broker's id, or null ('' and left out alike: clients written before issue 34 send none). */
const brokerIdMessage = messages.invalidOption(L.broker);
const optionalBrokerId = z
  .union(
    [
      z.literal(''),
      z.null(),
      z.number().int().positive().max(maxId),
      z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().positive().max(maxId)),
    ],
    { error: brokerIdMessage },
  )
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));

export const rentInputSchema = z.object({
  price: requiredMoney(L.price),
  includesMaintenance: flag,
  maintenanceAmount: optionalMoney(L.maintenanceAmount),
  providesInvoice: flag,
  contractStartDate: optionalDate(L.contractStartDate),
  propertyDeliveryDate: optionalDate(L.propertyDeliveryDate),
  gracePeriod: optionalCount(L.gracePeriod, 365),
  /** The lease's moratorium interest (issue 32), % a month; null: the lease sets none. Shown, never added to what is due. */
  lateInterestMonthlyRate: optionalRate(L.lateInterestMonthlyRate, maxLateInterestMonthlyRate),
  deposit: optionalMoney(L.deposit),
  bankDeposit: flag,
  accountNumber: optionalText(L.accountNumber, 30),
  bank: optionalText(L.bank, 80),
  clabe: optionalText(L.clabe, 18),
  accountHolder: optionalText(L.accountHolder, 150),
  realEstate: flag,
  realEstateInfo: z
    .object({
      name: optionalText(L.realEstateName, 150),
      agent: optionalText(L.realEstateAgent, 150),
      /** Issue 34: the asesor or inmobiliaria from the directory (null: none, or only the old text). */
      brokerId: optionalBrokerId,
    })
    .default({ name: '', agent: '', brokerId: null }),
});

export const propertyInputSchema = z.object({
  owner: ownerInputSchema,
  address: addressInputSchema,
  propertyType: propertyTypeSchema.default('house'),
  parkingSpots: optionalCount(L.parkingSpots, 1000).transform((value) => value ?? 0),
  identification: optionalText(L.identification, 60),
  services: servicesInputSchema.default({ water: false, electricity: false, maintenance: false, other: '', details: '' }),
  commercialUse: flag,
  commercialServices: flag,
  commercialServicesDetails: noteText('Detalles de los servicios comerciales'),
  specialObjects: flag,
  specialObjectsDetails: noteText('Detalles de los objetos especiales'),
  description: noteText(L.description),
  rent: rentInputSchema,
});

/** The whole form, before the rules that depend on the policy type and the switches. */
export const policyDraftSchema = z.object({
  isElectronicSignature: flag,
  policyNumber: optionalText(L.policyNumber, 40),
  status: policyStatusSchema.default('created'),
  previousPolicy: optionalText(L.previousPolicy, 40),
  policyType: policyTypeSchema.default('basica'),
  /** The term from the rent's contract start date; the server computes the end date from both. */
  termMonths: monthsField(L.termMonths, minTermMonths, maxTermMonths, defaultTermMonths),
  specialnote: noteText(L.specialnote),
  /** Honoured only for admins; everyone else's policies belong to their own branch. */
  branchId: z.coerce.number().int().positive().max(maxId).nullish().catch(undefined),
  tenants: z.array(tenantInputSchema, { error: policyMessages.tenantsRequired }).min(1, policyMessages.tenantsRequired).max(10),
  guarantors: z.array(guarantorInputSchema).max(10).default([]),
  property: propertyInputSchema,
});
export type PolicyDraft = z.output<typeof policyDraftSchema>;
