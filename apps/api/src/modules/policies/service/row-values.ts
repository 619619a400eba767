import { policyEndDate, policySearchText, type PolicyInput } from '@portal/domain';

/** The policies row: the input's own fields and the list's summary of the children. */
export function rowValues(input: PolicyInput, investigationId: string) {
  const { property } = input;
  const tenantNames = input.tenants.map((tenant) => tenant.name);
  const guarantorNames = input.guarantors.map((guarantor) => guarantor.name);
  return {
    investigationId,
    policyNumber: input.policyNumber,
    status: input.status,
    previousPolicy: input.previousPolicy,
    policyType: input.policyType,
    termMonths: input.termMonths,
    startDate: property.rent.contractStartDate,
    endDate: policyEndDate(property.rent.contractStartDate, input.termMonths),
    guarantorRequired: input.guarantorRequired,
    isElectronicSignature: input.isElectronicSignature,
    specialnote: input.specialnote,
    tenantNames,
    guarantorNames,
    ownerName: property.owner.name,
    street: property.address.street,
    exteriorNumber: property.address.exteriorNumber,
    colony: property.address.colony,
    municipality: property.address.municipality,
    deliveryDate: property.rent.propertyDeliveryDate,
    searchText: policySearchText({
      investigationId,
      policyNumber: input.policyNumber,
      tenantNames,
      guarantorNames,
      ownerName: property.owner.name,
      ...property.address,
    }),
  };
}
