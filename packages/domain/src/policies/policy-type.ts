import { z } from 'zod';

import { policyTypes, type PolicyType } from './policy-type-labels';

export { policyTypeLabels, policyTypes, type PolicyType } from './policy-type-labels';

export const policyTypeSchema = z.enum(policyTypes, { error: 'El tipo de póliza no es válido' });

/** Plus and Plus Auto are backed by a joint guarantor (obligado solidario); the others are not. */
export function guarantorRequiredFor(type: PolicyType): boolean {
  return type === 'plus' || type === 'plusAuto';
}

/** Only Plus asks where the guarantee property is, when it is not the guarantor's own address. */
export function asksGuaranteeAddress(type: PolicyType): boolean {
  return type === 'plus';
}

export function asksVehicle(type: PolicyType): boolean {
  return type === 'plusAuto';
}

export const propertyTypes = ['house', 'apartment', 'condo', 'warehouse', 'commercial', 'industrial', 'land'] as const;
export type PropertyType = (typeof propertyTypes)[number];

export const propertyTypeLabels: Record<PropertyType, string> = {
  house: 'Casa',
  apartment: 'Departamento',
  condo: 'Casa en Condominio',
  warehouse: 'Bodega',
  commercial: 'Local Comercial',
  industrial: 'Nave Industrial',
  land: 'Terreno',
};

export const propertyTypeSchema = z.enum(propertyTypes, { error: 'El tipo de inmueble no es válido' });

export const referenceTypes = ['personal', 'familiar'] as const;
export type ReferenceType = (typeof referenceTypes)[number];
export const referenceTypeLabels: Record<ReferenceType, string> = { personal: 'Personal', familiar: 'Familiar' };
