import { z } from 'zod';
import { messages } from '../common/messages';
import { maxId, optionalText, requiredText } from '../common/fields';
import { addressInputSchema, branchLabels } from '../branches/branch';
import { policyStatusSchema } from './policy-status';
import {
  asksGuaranteeAddress,
  asksVehicle,
  guarantorRequiredFor,
  policyTypeSchema,
  propertyTypeSchema,
  type PolicyType,
} from './policy-type';
import { flag, optionalCount, optionalDate, optionalEmail, optionalMoney, policyMessages, requiredMoney } from './policy-fields';

/** Spanish field labels of the policy form; validation messages name fields with them. */
export const policyLabels = {
  policyNumber: 'Folio de Póliza',
  investigationId: 'Folio de Investigación',
  status: 'Estatus',
  policyType: 'Tipo de Póliza',
  previousPolicy: 'Póliza anterior',
  isElectronicSignature: 'Firma electrónica',
  specialnote: 'Notas especiales',
  branchId: 'Sucursal',
  tenantName: 'Nombre del inquilino',
  guarantorName: 'Nombre del aval',
  ownerName: 'Nombre del propietario',
  referenceName: 'Nombre de la referencia',
  phone: 'Teléfono',
  mobile: 'Celular',
  email: 'Correo electrónico',
  profession: 'Profesión u oficio',
  monthlyIncome: 'Ingreso mensual',
  company: 'Empresa',
  seniority: 'Antigüedad',
  immediateBoss: 'Jefe inmediato',
  requiresInvoice: 'Requiere factura',
  brand: 'Marca',
  model: 'Modelo',
  year: 'Año',
  color: 'Color',
  licensePlate: 'Placas',
  propertyType: 'Tipo de inmueble',
  parkingSpots: 'Cajones de estacionamiento',
  identification: 'Cuenta predial',
  description: 'Descripción del inmueble',
  price: 'Renta mensual',
  maintenanceAmount: 'Monto de mantenimiento',
  contractStartDate: 'Inicio del contrato',
  propertyDeliveryDate: 'Fecha de entrega',
  gracePeriod: 'Periodo de gracia (días)',
  deposit: 'Depósito en garantía',
  accountNumber: 'Número de cuenta',
  bank: 'Banco',
  clabe: 'CLABE',
  accountHolder: 'Titular de la cuenta',
  realEstateName: 'Inmobiliaria',
  realEstateAgent: 'Agente inmobiliario',
} as const;

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
  phone: optionalText(L.phone, 30),
  mobile: optionalText(L.mobile, 30),
  email: optionalEmail(L.email),
};

/** Children keep their id across edits, so documents tied to a tenant or guarantor stay tied. */
const childId = z.coerce.number().int().positive().max(maxId).optional().catch(undefined);

export const referenceInputSchema = z.object({
  name: optionalText(L.referenceName, 150),
  phone: optionalText(L.phone, 30),
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

export const rentInputSchema = z.object({
  price: requiredMoney(L.price),
  includesMaintenance: flag,
  maintenanceAmount: optionalMoney(L.maintenanceAmount),
  providesInvoice: flag,
  contractStartDate: optionalDate(L.contractStartDate),
  propertyDeliveryDate: optionalDate(L.propertyDeliveryDate),
  gracePeriod: optionalCount(L.gracePeriod, 365),
  deposit: optionalMoney(L.deposit),
  bankDeposit: flag,
  accountNumber: optionalText(L.accountNumber, 30),
  bank: optionalText(L.bank, 80),
  clabe: optionalText(L.clabe, 18),
  accountHolder: optionalText(L.accountHolder, 150),
  realEstate: flag,
  realEstateInfo: z
    .object({ name: optionalText(L.realEstateName, 150), agent: optionalText(L.realEstateAgent, 150) })
    .default({ name: '', agent: '' }),
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

const policyObjectSchema = z.object({
  isElectronicSignature: flag,
  policyNumber: optionalText(L.policyNumber, 40),
  status: policyStatusSchema.default('created'),
  previousPolicy: optionalText(L.previousPolicy, 40),
  policyType: policyTypeSchema.default('basica'),
  specialnote: noteText(L.specialnote),
  /** Honoured only for admins; everyone else's policies belong to their own branch. */
  branchId: z.coerce.number().int().positive().max(maxId).nullish().catch(undefined),
  tenants: z.array(tenantInputSchema, { error: policyMessages.tenantsRequired }).min(1, policyMessages.tenantsRequired).max(10),
  guarantors: z.array(guarantorInputSchema).max(10).default([]),
  property: propertyInputSchema,
});

/**
 * The body of POST /api/policy and of a full POST /api/policy/update/{id}, and the form's schema.
 * Fields the form hides are cleared here, so what is stored is what the user saw (spec section 5).
 * Client-sent investigationId, guarantorRequired, userId and timestamps are not part of it: the
 * server sets them.
 */
export const policyInputSchema = policyObjectSchema.superRefine(checkConditionalFields).transform(clearHiddenFields);
export type PolicyFormValues = z.input<typeof policyInputSchema>;
export type PolicyInput = z.output<typeof policyInputSchema>;

type PolicyDraft = z.output<typeof policyObjectSchema>;

function checkConditionalFields(policy: PolicyDraft, ctx: z.RefinementCtx) {
  const require = (path: Array<string | number>, label: string, value: string | number | null) => {
    if (value === null || value === '') ctx.addIssue({ code: 'custom', path, message: messages.required(label) });
  };
  if (guarantorRequiredFor(policy.policyType) && policy.guarantors.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['guarantors'], message: policyMessages.guarantorsRequired });
  }
  if (guarantorRequiredFor(policy.policyType)) {
    policy.guarantors.forEach((guarantor, index) => {
      if (asksGuaranteeAddress(policy.policyType)) {
        // Plus is backed by a property: its address must be complete, be it the guarantor's own
        // home (the default) or the separate guarantee address.
        const [field, address] = guarantor.sameAddressAsGuarantee
          ? (['address', guarantor.address] as const)
          : (['guaranteeAddress', guarantor.guaranteeAddress] as const);
        const parsed = addressInputSchema.safeParse(address ?? {});
        for (const issue of parsed.error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', path: ['guarantors', index, field, ...issue.path.map(String)], message: issue.message });
        }
      }
      if (asksVehicle(policy.policyType)) {
        const vehicle = guarantor.vehicle;
        const at = ['guarantors', index, 'vehicle'];
        require([...at, 'brand'], L.brand, vehicle?.brand ?? '');
        require([...at, 'model'], L.model, vehicle?.model ?? '');
        require([...at, 'licensePlate'], L.licensePlate, vehicle?.licensePlate ?? '');
      }
    });
  }
  const rent = policy.property.rent;
  if (rent.includesMaintenance) {
    require(['property', 'rent', 'maintenanceAmount'], L.maintenanceAmount, rent.maintenanceAmount);
  }
  if (rent.bankDeposit) {
    require(['property', 'rent', 'bank'], L.bank, rent.bank);
    require(['property', 'rent', 'accountHolder'], L.accountHolder, rent.accountHolder);
    require(['property', 'rent', 'clabe'], L.clabe, rent.clabe);
    if (rent.clabe && !/^\d{18}$/.test(rent.clabe)) {
      ctx.addIssue({ code: 'custom', path: ['property', 'rent', 'clabe'], message: policyMessages.clabe });
    }
  }
  if (rent.realEstate) require(['property', 'rent', 'realEstateInfo', 'name'], L.realEstateName, rent.realEstateInfo.name);
}

function clearHiddenFields(policy: PolicyDraft) {
  const type: PolicyType = policy.policyType;
  const guarantorRequired = guarantorRequiredFor(type);
  const guarantors = guarantorRequired
    ? policy.guarantors.map((guarantor) => {
        const asksAddress = asksGuaranteeAddress(type) && !guarantor.sameAddressAsGuarantee;
        return {
          ...guarantor,
          guaranteeAddress: asksAddress ? guarantor.guaranteeAddress : null,
          vehicle: asksVehicle(type) ? guarantor.vehicle : null,
        };
      })
    : [];
  const { property } = policy;
  const { rent } = property;
  return {
    ...policy,
    guarantorRequired,
    guarantors,
    property: {
      ...property,
      commercialServices: property.commercialUse && property.commercialServices,
      commercialServicesDetails: property.commercialUse ? property.commercialServicesDetails : '',
      specialObjectsDetails: property.specialObjects ? property.specialObjectsDetails : '',
      rent: {
        ...rent,
        maintenanceAmount: rent.includesMaintenance ? rent.maintenanceAmount : null,
        accountNumber: rent.bankDeposit ? rent.accountNumber : '',
        bank: rent.bankDeposit ? rent.bank : '',
        clabe: rent.bankDeposit ? rent.clabe : '',
        accountHolder: rent.bankDeposit ? rent.accountHolder : '',
        realEstateInfo: rent.realEstate ? rent.realEstateInfo : { name: '', agent: '' },
      },
    },
  };
}
