import type { Guarantor, Policy, Tenant } from '@portal/domain';
import type { guarantors, guarantorVehicles, policies, properties, propertyOwners, rents, tenantReferences, tenants } from '../../../db/schema/index';
import { readAddress } from '../mapping';

// --- a policy's rows made into the API's objects ----------------------------------------------

type PolicyRow = typeof policies.$inferSelect;

export function toTenant(row: typeof tenants.$inferSelect, references: Array<typeof tenantReferences.$inferSelect>): Tenant {
  return {
    id: row.id,
    name: row.name,
    address: readAddress(row, 'address'),
    phone: row.phone,
    mobile: row.mobile,
    email: row.email,
    rfc: row.rfc,
    curp: row.curp,
    profession: row.profession,
    monthlyIncome: row.monthlyIncome,
    company: row.company,
    seniority: row.seniority,
    immediateBoss: row.immediateBoss,
    workAddress: readAddress(row, 'workAddress'),
    requiresInvoice: row.requiresInvoice,
    references: references.map(({ id, name, phone, type }) => ({ id, name, phone, type })),
  };
}

export function toGuarantor(row: typeof guarantors.$inferSelect, vehicle: typeof guarantorVehicles.$inferSelect | undefined): Guarantor {
  return {
    id: row.id,
    name: row.name,
    address: readAddress(row, 'address'),
    phone: row.phone,
    mobile: row.mobile,
    email: row.email,
    rfc: row.rfc,
    curp: row.curp,
    sameAddressAsGuarantee: row.sameAddressAsGuarantee,
    guaranteeAddress: row.hasGuaranteeAddress ? readAddress(row, 'guaranteeAddress') : null,
    vehicle: vehicle
      ? { id: vehicle.id, brand: vehicle.brand, model: vehicle.model, year: vehicle.year, color: vehicle.color, licensePlate: vehicle.licensePlate }
      : null,
  };
}

interface PropertyRows {
  property: typeof properties.$inferSelect;
  owner: typeof propertyOwners.$inferSelect;
  rent: typeof rents.$inferSelect;
  /** Issue 34: the name of the directory's broker the rent names. */
  brokerName: string | null;
}

export function toPolicy(row: PolicyRow, tenantList: Tenant[], guarantorList: Guarantor[], { property, owner, rent, brokerName }: PropertyRows): Policy {
  const address = readAddress(property, 'address');
  return {
    id: row.id,
    investigationId: row.investigationId,
    policyNumber: row.policyNumber,
    status: row.status,
    previousPolicy: row.previousPolicy,
    policyType: row.policyType,
    guarantorRequired: row.guarantorRequired,
    isElectronicSignature: row.isElectronicSignature,
    specialnote: row.specialnote,
    branchId: row.branchId,
    userId: row.userId,
    termMonths: row.termMonths,
    endDate: row.endDate,
    renewedToPolicyId: row.renewedToPolicyId,
    renewedFromPolicyId: row.renewedFromPolicyId,
    version: row.version,
    tenants: tenantList,
    guarantors: guarantorList,
    property: {
      id: property.id,
      owner: { id: owner.id, name: owner.name, address: readAddress(owner, 'address'), phone: owner.phone, mobile: owner.mobile, email: owner.email, rfc: owner.rfc, curp: owner.curp },
      address,
      propertyType: property.propertyType,
      parkingSpots: property.parkingSpots,
      identification: property.identification,
      services: {
        water: property.serviceWater,
        electricity: property.serviceElectricity,
        maintenance: property.serviceMaintenance,
        other: property.serviceOther,
        details: property.serviceDetails,
      },
      commercialUse: property.commercialUse,
      commercialServices: property.commercialServices,
      commercialServicesDetails: property.commercialServicesDetails,
      specialObjects: property.specialObjects,
      specialObjectsDetails: property.specialObjectsDetails,
      description: property.description,
      rent: {
        id: rent.id,
        price: rent.price,
        includesMaintenance: rent.includesMaintenance,
        maintenanceAmount: rent.maintenanceAmount,
        providesInvoice: rent.providesInvoice,
        contractStartDate: rent.contractStartDate,
        propertyDeliveryDate: rent.propertyDeliveryDate,
        gracePeriod: rent.gracePeriod,
        lateInterestMonthlyRate: rent.lateInterestMonthlyRate,
        deposit: rent.deposit,
        bankDeposit: rent.bankDeposit,
        accountNumber: rent.accountNumber,
        bank: rent.bank,
        clabe: rent.clabe,
        accountHolder: rent.accountHolder,
        realEstate: rent.realEstate,
        realEstateInfo: { name: rent.realEstateName, agent: rent.realEstateAgent, brokerId: rent.brokerId, brokerName },
      },
    },
    guarantorNames: row.guarantorNames.join(', '),
    ownerName: row.ownerName,
    propertyAddress: [[address.street, address.exteriorNumber].filter(Boolean).join(' '), address.colony, address.municipality]
      .filter(Boolean)
      .join(', '),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
