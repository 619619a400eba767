import type { SQL } from 'drizzle-orm';
import type { PolicyInput } from '@portal/domain';
import { addressValues } from '../mapping';

// --- the children's rows, as the input gives them ----------------------------------------------

/** A foreign key's value: a known id, or an id a statement takes from a CTE of the same statement. */
type ParentId = number | SQL;

/** What every person of a policy has (tenant, guarantor, owner): name, address and contact. */
type Person = Pick<PolicyInput['property']['owner'], 'name' | 'address' | 'phone' | 'mobile' | 'email' | 'rfc' | 'curp'>;

function personValues(person: Person) {
  return { name: person.name, ...addressValues(person.address, 'address'), phone: person.phone, mobile: person.mobile, email: person.email, rfc: person.rfc, curp: person.curp };
}

export function tenantValues(policyId: ParentId, position: number, tenant: PolicyInput['tenants'][number]) {
  return {
    policyId,
    position,
    ...personValues(tenant),
    profession: tenant.profession,
    monthlyIncome: tenant.monthlyIncome,
    company: tenant.company,
    seniority: tenant.seniority,
    immediateBoss: tenant.immediateBoss,
    ...addressValues(tenant.workAddress, 'workAddress'),
    requiresInvoice: tenant.requiresInvoice,
  };
}

export function referenceValues(tenantId: ParentId, references: PolicyInput['tenants'][number]['references']) {
  return references.map((reference, index) => ({ tenantId, position: index, ...reference }));
}

export function guarantorValues(policyId: ParentId, position: number, guarantor: PolicyInput['guarantors'][number]) {
  return {
    policyId,
    position,
    ...personValues(guarantor),
    sameAddressAsGuarantee: guarantor.sameAddressAsGuarantee,
    hasGuaranteeAddress: guarantor.guaranteeAddress !== null,
    ...addressValues(guarantor.guaranteeAddress, 'guaranteeAddress'),
  };
}

export function vehicleValues(vehicle: NonNullable<PolicyInput['guarantors'][number]['vehicle']>) {
  return { ...vehicle, updatedAt: new Date() };
}

export function propertyValues(property: PolicyInput['property']) {
  const { services, address } = property;
  return {
    ...addressValues(address, 'address'),
    propertyType: property.propertyType,
    parkingSpots: property.parkingSpots,
    identification: property.identification,
    serviceWater: services.water,
    serviceElectricity: services.electricity,
    serviceMaintenance: services.maintenance,
    serviceOther: services.other,
    serviceDetails: services.details,
    commercialUse: property.commercialUse,
    commercialServices: property.commercialServices,
    commercialServicesDetails: property.commercialServicesDetails,
    specialObjects: property.specialObjects,
    specialObjectsDetails: property.specialObjectsDetails,
    description: property.description,
  };
}

export function ownerValues(owner: PolicyInput['property']['owner']) {
  return personValues(owner);
}

export function rentValues(rent: PolicyInput['property']['rent']) {
  const { realEstateInfo, ...rentFields } = rent;
  return { ...rentFields, realEstateName: realEstateInfo.name, realEstateAgent: realEstateInfo.agent, brokerId: realEstateInfo.brokerId };
}
