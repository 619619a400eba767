import type { Policy, PolicySummary } from '@portal/domain';
import { formatLongDate } from '@/lib/dates';
import { emptyCell } from '../policy-format';

type PersonAddress = Policy['property']['address'];
interface Contact {
  phone: string;
  mobile: string;
  email: string;
}

const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** '$18,500.00': the policy's amounts are Mexican pesos. */
export function formatMoney(value: number | null): string {
  return value === null ? emptyCell : pesos.format(value);
}

/** 'Calle Durango 214 int. 3, Roma Norte, Cuauhtémoc, Ciudad de México, C.P. 06700': one line, empty parts left out. */
export function oneLineAddress(address: PersonAddress | null): string {
  if (!address) return emptyCell;
  const interior = address.interiorNumber.trim() ? ` int. ${address.interiorNumber.trim()}` : '';
  const street = `${address.street} ${address.exteriorNumber}`.trim() + (address.street.trim() ? interior : '');
  const zip = address.zipCode.trim() ? `C.P. ${address.zipCode.trim()}` : '';
  const line = [street, address.colony, address.municipality, address.state, zip].map((part) => part.trim()).filter(Boolean).join(', ');
  return line || emptyCell;
}

/** 'Tel. 55 1234 5678 · Cel. 55 8765 4321 · correo@ejemplo.mx' */
export function contactLine(contact: Contact): string {
  const parts = [contact.phone && `Tel. ${contact.phone}`, contact.mobile && `Cel. ${contact.mobile}`, contact.email];
  return parts.filter(Boolean).join(' · ') || emptyCell;
}

export function yesNo(value: boolean): string {
  return value ? 'Sí' : 'No';
}

export function longDate(value: string | null): string {
  return formatLongDate(value) || emptyCell;
}

/** Text or the empty-cell dash, so a blank never reads as a rendering glitch. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || String(value).trim() === '' ? emptyCell : String(value);
}

/** The tracking row the row menu and the signature dialog work on, from the whole policy. */
export function policySummaryOf(policy: Policy): PolicySummary {
  const { street, exteriorNumber, colony, municipality } = policy.property.address;
  return {
    id: policy.id,
    investigationId: policy.investigationId,
    policyNumber: policy.policyNumber,
    status: policy.status,
    policyType: policy.policyType,
    branchId: policy.branchId,
    tenantNames: policy.tenants.map((tenant) => tenant.name),
    guarantorNames: policy.guarantors.map((guarantor) => guarantor.name),
    firstGuarantorId: policy.guarantors[0]?.id ?? null,
    ownerName: policy.property.owner.name,
    propertyAddress: { street, exteriorNumber, colony, municipality },
    deliveryDate: policy.property.rent.propertyDeliveryDate,
    contractStartDate: policy.property.rent.contractStartDate,
    endDate: policy.endDate,
    renewedToPolicyId: policy.renewedToPolicyId,
    createdAt: policy.createdAt,
    updatedAt: policy.updatedAt,
  };
}
