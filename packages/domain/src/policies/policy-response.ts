import { z } from 'zod';
import { addressSchema } from '../branches/branch';
import { policyStatusSchema } from './policy-status';
import { policyTypeSchema, propertyTypeSchema } from './policy-type';

const personAddressSchema = addressSchema.omit({ id: true });
const contact = { phone: z.string(), mobile: z.string(), email: z.string(), rfc: z.string(), curp: z.string() };
const money = z.number().nullable();

export const referenceSchema = z.object({ id: z.number(), name: z.string(), phone: z.string(), type: z.enum(['personal', 'familiar']) });

export const tenantSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: personAddressSchema,
  ...contact,
  profession: z.string(),
  monthlyIncome: money,
  company: z.string(),
  seniority: z.string(),
  immediateBoss: z.string(),
  workAddress: personAddressSchema,
  requiresInvoice: z.boolean(),
  references: z.array(referenceSchema),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const vehicleSchema = z.object({
  id: z.number(),
  brand: z.string(),
  model: z.string(),
  year: z.number().nullable(),
  color: z.string(),
  licensePlate: z.string(),
});

export const guarantorSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: personAddressSchema,
  ...contact,
  sameAddressAsGuarantee: z.boolean(),
  guaranteeAddress: personAddressSchema.nullable(),
  vehicle: vehicleSchema.nullable(),
});
export type Guarantor = z.infer<typeof guarantorSchema>;

export const rentSchema = z.object({
  id: z.number(),
  price: z.number(),
  includesMaintenance: z.boolean(),
  maintenanceAmount: money,
  providesInvoice: z.boolean(),
  contractStartDate: z.string().nullable(),
  propertyDeliveryDate: z.string().nullable(),
  gracePeriod: z.number().nullable(),
  /** % a month (3.5), or null when the lease sets no moratorium interest. */
  lateInterestMonthlyRate: z.number().nullable(),
  deposit: money,
  bankDeposit: z.boolean(),
  accountNumber: z.string(),
  bank: z.string(),
  clabe: z.string(),
  accountHolder: z.string(),
  realEstate: z.boolean(),
  /** name/agent: the text as typed (kept where the old text matched no broker); brokerId/brokerName: the directory's (issue 34). */
  realEstateInfo: z.object({ name: z.string(), agent: z.string(), brokerId: z.number().nullable(), brokerName: z.string().nullable() }),
});

export const propertySchema = z.object({
  id: z.number(),
  owner: z.object({ id: z.number(), name: z.string(), address: personAddressSchema, ...contact }),
  address: personAddressSchema,
  propertyType: propertyTypeSchema,
  parkingSpots: z.number(),
  identification: z.string(),
  services: z.object({ water: z.boolean(), electricity: z.boolean(), maintenance: z.boolean(), other: z.string(), details: z.string() }),
  commercialUse: z.boolean(),
  commercialServices: z.boolean(),
  commercialServicesDetails: z.string(),
  specialObjects: z.boolean(),
  specialObjectsDetails: z.string(),
  description: z.string(),
  rent: rentSchema,
});

/** A whole policy, as GET /api/policy/unique/{id} and the writes return it. */
export const policySchema = z.object({
  id: z.number(),
  investigationId: z.string(),
  policyNumber: z.string(),
  status: policyStatusSchema,
  previousPolicy: z.string(),
  policyType: policyTypeSchema,
  guarantorRequired: z.boolean(),
  isElectronicSignature: z.boolean(),
  specialnote: z.string(),
  branchId: z.number(),
  userId: z.number().nullable(),
  termMonths: z.number(),
  /** Last day of the term (`yyyy-MM-dd`), computed by the server; null without a contract start date. */
  endDate: z.string().nullable(),
  /** The renewal this policy became, and the policy it renews (issue 15). */
  renewedToPolicyId: z.number().nullable(),
  renewedFromPolicyId: z.number().nullable(),
  tenants: z.array(tenantSchema),
  guarantors: z.array(guarantorSchema),
  property: propertySchema,
  /** Conveniences of the spec's old client, derived on the server. */
  guarantorNames: z.string(),
  ownerName: z.string(),
  propertyAddress: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised on every write; sent back in If-Match by the form's save (decision 023). */
  version: z.number().int(),
});
export type Policy = z.infer<typeof policySchema>;

/** One row of the list and tracking screens: everything they show, nothing more. */
export const policySummarySchema = z.object({
  id: z.number(),
  investigationId: z.string(),
  policyNumber: z.string(),
  status: policyStatusSchema,
  policyType: policyTypeSchema,
  branchId: z.number(),
  tenantNames: z.array(z.string()),
  guarantorNames: z.array(z.string()),
  /** The first guarantor, whose documents the tracking menu's 'Subir Documentos' opens. */
  firstGuarantorId: z.number().nullable(),
  ownerName: z.string(),
  propertyAddress: z.object({ street: z.string(), exteriorNumber: z.string(), colony: z.string(), municipality: z.string() }),
  /** Fecha de Entrega: the rent's property delivery date, `yyyy-MM-dd`. */
  deliveryDate: z.string().nullable(),
  /** Vigencia: the rent's contract start date and the term's last day, `yyyy-MM-dd`. */
  contractStartDate: z.string().nullable(),
  endDate: z.string().nullable(),
  renewedToPolicyId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PolicySummary = z.infer<typeof policySummarySchema>;
