import {
  asksGuaranteeAddress,
  asksVehicle,
  defaultTermMonths,
  emptyPersonAddress,
  guarantorRequiredFor,
  type PersonAddress,
  type Policy,
  type PolicyFormValues,
} from '@portal/domain';

export type TenantValues = PolicyFormValues['tenants'][number];
export type GuarantorValues = NonNullable<PolicyFormValues['guarantors']>[number];
export type ReferenceValues = NonNullable<TenantValues['references']>[number];

const blankAddress = (): PersonAddress => ({ ...emptyPersonAddress });
const emptyVehicle = () => ({ brand: '', model: '', year: '', color: '', licensePlate: '' });

/** Inputs hold text: numbers become strings and a missing value the empty string. */
const asText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
/** Pesos always with their centavos ('18500.50', not '18500.5'), as the amount is written. */
const asMoney = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toFixed(2));
function vehicleValues({ brand, model, year, color, licensePlate }: NonNullable<Policy['guarantors'][number]['vehicle']>) {
  return { brand, model, year: asText(year), color, licensePlate };
}

/** A date input wants `yyyy-MM-dd`; tolerate a full ISO instant. */
const asDay = (value: string | null) => (value ? value.slice(0, 10) : '');

function addressValues(address: PersonAddress | null | undefined): PersonAddress {
  if (!address) return blankAddress();
  const { street, exteriorNumber, interiorNumber, colony, municipality, state, zipCode } = address;
  return { street, exteriorNumber, interiorNumber, colony, municipality, state, zipCode };
}

export function emptyReference(): ReferenceValues {
  return { name: '', phone: '', type: 'personal' };
}

export function emptyTenant(): TenantValues {
  return {
    name: '',
    address: blankAddress(),
    phone: '',
    mobile: '',
    email: '',
    rfc: '',
    curp: '',
    profession: '',
    monthlyIncome: '',
    company: '',
    seniority: '',
    immediateBoss: '',
    workAddress: blankAddress(),
    requiresInvoice: false,
    references: [],
  };
}

/** Every input of a guarantor has a value, shown or not, so switching the type never loses typing. */
export function emptyGuarantor(): GuarantorValues {
  return {
    name: '',
    address: blankAddress(),
    phone: '',
    mobile: '',
    email: '',
    rfc: '',
    curp: '',
    sameAddressAsGuarantee: true,
    guaranteeAddress: blankAddress(),
    vehicle: emptyVehicle(),
  };
}

/** A new policy: status created, type basica (spec section 4), one blank tenant. */
export function newPolicyFormValues(branchId: number | null): PolicyFormValues {
  return {
    isElectronicSignature: false,
    policyNumber: '',
    status: 'created',
    previousPolicy: '',
    policyType: 'basica',
    termMonths: String(defaultTermMonths),
    specialnote: '',
    branchId: asText(branchId),
    tenants: [emptyTenant()],
    guarantors: [],
    property: {
      owner: { name: '', address: blankAddress(), phone: '', mobile: '', email: '', rfc: '', curp: '' },
      address: blankAddress(),
      propertyType: 'house',
      parkingSpots: '',
      identification: '',
      services: { water: false, electricity: false, maintenance: false, other: '', details: '' },
      commercialUse: false,
      commercialServices: false,
      commercialServicesDetails: '',
      specialObjects: false,
      specialObjectsDetails: '',
      description: '',
      rent: {
        price: '',
        includesMaintenance: false,
        maintenanceAmount: '',
        providesInvoice: false,
        contractStartDate: '',
        propertyDeliveryDate: '',
        gracePeriod: '',
        lateInterestMonthlyRate: '',
        deposit: '',
        bankDeposit: false,
        accountNumber: '',
        bank: '',
        clabe: '',
        accountHolder: '',
        realEstate: false,
        realEstateInfo: { name: '', agent: '', brokerId: null },
      },
    },
  };
}

/** A stored policy as the form edits it. Children keep their ids so their documents stay tied. */
export function policyToFormValues(policy: Policy): PolicyFormValues {
  const { property } = policy;
  const { owner, rent } = property;
  return {
    isElectronicSignature: policy.isElectronicSignature,
    policyNumber: policy.policyNumber,
    status: policy.status,
    previousPolicy: policy.previousPolicy,
    policyType: policy.policyType,
    termMonths: String(policy.termMonths),
    specialnote: policy.specialnote,
    branchId: asText(policy.branchId),
    tenants: policy.tenants.map((tenant) => ({
      id: tenant.id,
      name: tenant.name,
      address: addressValues(tenant.address),
      phone: tenant.phone,
      mobile: tenant.mobile,
      email: tenant.email,
      rfc: tenant.rfc,
      curp: tenant.curp,
      profession: tenant.profession,
      monthlyIncome: asMoney(tenant.monthlyIncome),
      company: tenant.company,
      seniority: tenant.seniority,
      immediateBoss: tenant.immediateBoss,
      workAddress: addressValues(tenant.workAddress),
      requiresInvoice: tenant.requiresInvoice,
      references: tenant.references.map(({ name, phone, type }) => ({ name, phone, type })),
    })),
    guarantors: policy.guarantors.map((guarantor) => ({
      id: guarantor.id,
      name: guarantor.name,
      address: addressValues(guarantor.address),
      phone: guarantor.phone,
      mobile: guarantor.mobile,
      email: guarantor.email,
      rfc: guarantor.rfc,
      curp: guarantor.curp,
      sameAddressAsGuarantee: guarantor.sameAddressAsGuarantee,
      guaranteeAddress: addressValues(guarantor.guaranteeAddress),
      vehicle: guarantor.vehicle ? vehicleValues(guarantor.vehicle) : emptyVehicle(),
    })),
    property: {
      owner: {
        name: owner.name,
        address: addressValues(owner.address),
        phone: owner.phone,
        mobile: owner.mobile,
        email: owner.email,
        rfc: owner.rfc,
        curp: owner.curp,
      },
      address: addressValues(property.address),
      propertyType: property.propertyType,
      parkingSpots: asText(property.parkingSpots),
      identification: property.identification,
      services: { ...property.services },
      commercialUse: property.commercialUse,
      commercialServices: property.commercialServices,
      commercialServicesDetails: property.commercialServicesDetails,
      specialObjects: property.specialObjects,
      specialObjectsDetails: property.specialObjectsDetails,
      description: property.description,
      rent: {
        price: asMoney(rent.price),
        includesMaintenance: rent.includesMaintenance,
        maintenanceAmount: asMoney(rent.maintenanceAmount),
        providesInvoice: rent.providesInvoice,
        contractStartDate: asDay(rent.contractStartDate),
        propertyDeliveryDate: asDay(rent.propertyDeliveryDate),
        gracePeriod: asText(rent.gracePeriod),
        lateInterestMonthlyRate: asText(rent.lateInterestMonthlyRate),
        deposit: asMoney(rent.deposit),
        bankDeposit: rent.bankDeposit,
        accountNumber: rent.accountNumber,
        bank: rent.bank,
        clabe: rent.clabe,
        accountHolder: rent.accountHolder,
        realEstate: rent.realEstate,
        realEstateInfo: { name: rent.realEstateInfo.name, agent: rent.realEstateInfo.agent, brokerId: rent.realEstateInfo.brokerId },
      },
    },
  };
}

/**
 * The values without what the screen hides. The schema checks every guarantor row (and every
 * vehicle year, guarantee zip code…) before its conditional rules clear hidden ones, so a row the
 * user can no longer see would otherwise block the save with an error nobody can reach.
 * The form keeps the hidden values, so switching a type or a switch back restores the typing.
 */
export function withoutHiddenFields(values: PolicyFormValues): PolicyFormValues {
  const type = values.policyType ?? 'basica';
  const { property } = values;
  const { rent } = property;
  const bank = rent.bankDeposit === true;
  return {
    ...values,
    guarantors: guarantorRequiredFor(type)
      ? (values.guarantors ?? []).map((guarantor) => ({
          ...guarantor,
          guaranteeAddress: asksGuaranteeAddress(type) && guarantor.sameAddressAsGuarantee === false ? guarantor.guaranteeAddress : null,
          vehicle: asksVehicle(type) ? guarantor.vehicle : null,
        }))
      : [],
    property: {
      ...property,
      commercialServices: property.commercialUse === true && property.commercialServices === true,
      commercialServicesDetails: property.commercialUse ? property.commercialServicesDetails : '',
      specialObjectsDetails: property.specialObjects ? property.specialObjectsDetails : '',
      rent: {
        ...rent,
        maintenanceAmount: rent.includesMaintenance ? rent.maintenanceAmount : '',
        accountNumber: bank ? rent.accountNumber : '',
        bank: bank ? rent.bank : '',
        clabe: bank ? rent.clabe : '',
        accountHolder: bank ? rent.accountHolder : '',
        realEstateInfo: rent.realEstate ? rent.realEstateInfo : { name: '', agent: '', brokerId: null },
      },
    },
  };
}
