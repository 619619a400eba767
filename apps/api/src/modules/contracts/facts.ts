import {
  contractMessages,
  formatAddress,
  formatMoney,
  guarantorRequiredFor,
  moneyWithWords,
  policyCoverage,
  policyTypeLabels,
  promissoryNoteDueDates,
  propertyTypeLabels,
  spanishLongDate,
  type Policy,
} from '@portal/domain';
import { conflict } from '../../lib/app-error';
import type { PlaceholderValues, Signature } from './markup';

/** What a pack needs beyond the policy: its branch's letterhead and paper, the agent, today's date. */
export interface PackSetting {
  branch: { name: string; address: Policy['property']['address']; paperSize: 'letter' | 'a4' };
  agentName: string;
  /** Today in Mexico City, `yyyy-MM-dd`. */
  today: string;
}

/** The policy's facts a pack cannot do without, checked before any PDF is drawn. */
export interface PackFacts {
  values: PlaceholderValues;
  /** One set of values per pagaré, in order. */
  notes: PlaceholderValues[];
  signatures: { lease: Signature[]; policy: Signature[]; notes: Signature[] };
}

type Guarantor = Policy['guarantors'][number];

/** A 409 naming the missing fact: the pack is not drawn with blanks where a contract needs data. */
function missing(field: string, label: string): never {
  const message = contractMessages.generationFailed(contractMessages.missingData(label));
  throw conflict(message, [{ field, message }]);
}

function requireFacts(policy: Policy): { start: string; rent: number } {
  const rent = policy.property.rent;
  if (policy.tenants.length === 0) missing('tenants', 'el arrendatario');
  if (!policy.property.owner.name.trim()) missing('property.owner.name', 'el nombre del arrendador');
  if (!policy.property.address.street.trim()) missing('property.address', 'el domicilio del inmueble');
  if (!rent.contractStartDate) missing('property.rent.contractStartDate', 'la fecha de inicio del contrato');
  if (!(rent.price > 0)) missing('property.rent.price', 'el importe de la renta');
  if (guarantorRequiredFor(policy.policyType) && policy.guarantors.length === 0) missing('guarantors', 'el obligado solidario');
  return { start: rent.contractStartDate, rent: rent.price };
}

type PersonAddress = Policy['property']['address'];

/** A party's address, or a plain statement that the policy has none (the form does not require it). */
function addressOf(address: PersonAddress): string {
  const filled = [address.street, address.exteriorNumber, address.colony, address.municipality, address.state].some((part) => part.trim() !== '');
  return filled ? formatAddress(address) : 'domicilio no proporcionado';
}

const joinNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`);
const yesNo = (value: boolean, details = '') => (value ? `Sí${details.trim() ? ` (${details.trim()})` : ''}` : 'No');

function services(policy: Policy): string {
  const s = policy.property.services;
  const list = [s.water && 'agua', s.electricity && 'luz', s.maintenance && 'mantenimiento', s.other.trim(), s.details.trim()].filter(Boolean);
  return list.length > 0 ? list.join(', ') : 'ninguno especificado';
}

function guarantee(guarantor: Guarantor): string {
  if (guarantor.vehicle) {
    const v = guarantor.vehicle;
    return `vehículo ${[v.brand, v.model, v.year ?? '', v.color].filter(Boolean).join(' ')}, placas ${v.licensePlate}`;
  }
  const address = guarantor.sameAddressAsGuarantee || !guarantor.guaranteeAddress ? guarantor.address : guarantor.guaranteeAddress;
  return `inmueble ubicado en ${addressOf(address)}`;
}

function guarantorValues(guarantors: Guarantor[]): Record<string, string> {
  if (guarantors.length === 0) {
    return {
      'obligado.nombre': 'No aplica para este tipo de póliza.',
      'obligado.domicilio': '',
      'obligados.lista': '',
      'obligado.garantia': '',
      'obligado.comparecencia': '',
      'obligado.declaracion': '',
      'obligado.clausula': 'Este contrato no cuenta con obligado solidario.',
    };
  }
  const names = joinNames(guarantors.map((g) => g.name));
  return {
    'obligado.nombre': names,
    'obligado.domicilio': addressOf(guarantors[0]!.address),
    'obligados.lista': guarantors.map((g) => `${g.name}: ${addressOf(g.address)}`).join('\n'),
    'obligado.garantia': guarantors.map(guarantee).join('; '),
    'obligado.comparecencia': `y ${names}, a quien en lo sucesivo se le denominará «EL OBLIGADO SOLIDARIO», `,
    'obligado.declaracion': `III. Declara EL OBLIGADO SOLIDARIO tener su domicilio en ${guarantors.map((g) => addressOf(g.address)).join('; ')}, y contar con bienes suficientes para responder de las obligaciones de EL ARRENDATARIO, en particular ${guarantors.map(guarantee).join('; ')}.`,
    'obligado.clausula': `${names} se constituye en obligado solidario de EL ARRENDATARIO y responde, junto con éste y sin beneficio de orden ni excusión, de todas las obligaciones de este contrato hasta la entrega del inmueble a EL ARRENDADOR, aun después de concluida la vigencia.`,
  };
}

/** Every placeholder's value for this policy (placeholders.ts lists them) and the pagarés' own. */
export function packFacts(policy: Policy, setting: PackSetting): PackFacts {
  const { start, rent } = requireFacts(policy);
  const r = policy.property.rent;
  const owner = policy.property.owner;
  const tenantNames = joinNames(policy.tenants.map((t) => t.name));
  const guarantors = guarantorRequiredFor(policy.policyType) ? policy.guarantors : [];
  const grace = r.gracePeriod ?? 0;
  const endDate = policy.endDate;
  const propertyAddress = addressOf(policy.property.address);
  const place = `${policy.property.address.municipality}, ${policy.property.address.state}`;
  const values: Record<string, string> = {
    'arrendador.nombre': owner.name,
    'arrendador.domicilio': addressOf(owner.address),
    'arrendatario.nombre': tenantNames,
    'arrendatario.domicilio': addressOf(policy.tenants[0]!.address),
    'arrendatarios.lista': policy.tenants.map((t) => `${t.name}: ${addressOf(t.address)}`).join('\n'),
    ...guarantorValues(guarantors),
    'inmueble.domicilio': propertyAddress,
    'inmueble.tipo': propertyTypeLabels[policy.property.propertyType],
    'inmueble.estacionamientos': String(policy.property.parkingSpots),
    'inmueble.servicios': services(policy),
    'inmueble.uso_comercial': yesNo(policy.property.commercialUse, policy.property.commercialServicesDetails),
    'inmueble.objetos_especiales': yesNo(policy.property.specialObjects, policy.property.specialObjectsDetails),
    'inmueble.descripcion': policy.property.description,
    'renta.importe': formatMoney(rent),
    'renta.importe_letra': moneyWithWords(rent),
    'renta.mantenimiento': r.includesMaintenance ? 'incluida en la renta' : r.maintenanceAmount ? `${moneyWithWords(r.maintenanceAmount)} mensuales` : 'sin cuota',
    'renta.deposito': formatMoney(r.deposit ?? 0),
    'renta.deposito_letra': moneyWithWords(r.deposit ?? 0),
    'renta.dias_gracia': String(grace),
    'renta.banco': r.bank || 'el que indique EL ARRENDADOR',
    'renta.cuenta': r.accountNumber,
    'renta.clabe': r.clabe || 'la que indique EL ARRENDADOR',
    'renta.titular': r.accountHolder || owner.name,
    'poliza.folio': policy.policyNumber || 'por asignar',
    'poliza.folio_investigacion': policy.investigationId,
    'poliza.tipo': policyTypeLabels[policy.policyType],
    'poliza.cobertura': policyCoverage[policy.policyType],
    'poliza.inicio_vigencia': spanishLongDate(start),
    'poliza.fin_vigencia': endDate ? spanishLongDate(endDate) : '',
    'poliza.meses': String(policy.termMonths),
    'sucursal.nombre': setting.branch.name,
    'sucursal.domicilio': addressOf(setting.branch.address),
    'agente.nombre': setting.agentName || 'sin agente asignado',
    'fecha.hoy': spanishLongDate(setting.today),
  };
  const dueDates = promissoryNoteDueDates(start, policy.termMonths, grace);
  const notes = dueDates.map((due, index) => ({
    ...values,
    'pagare.numero': `${index + 1} de ${dueDates.length}`,
    'pagare.total': String(dueDates.length),
    'pagare.vencimiento': spanishLongDate(due),
    'pagare.importe': formatMoney(rent),
    'pagare.importe_letra': moneyWithWords(rent),
    'pagare.lugar': place,
  }));
  const ownerSignature = { role: 'EL ARRENDADOR', name: owner.name };
  const tenantSignatures = policy.tenants.map((t) => ({ role: 'EL ARRENDATARIO', name: t.name }));
  const guarantorSignatures = guarantors.map((g) => ({ role: 'EL OBLIGADO SOLIDARIO', name: g.name }));
  return {
    values,
    notes,
    signatures: {
      lease: [ownerSignature, ...tenantSignatures, ...guarantorSignatures],
      policy: [ownerSignature, ...tenantSignatures, ...guarantorSignatures, { role: 'POR LA SUCURSAL', name: setting.branch.name }],
      notes: [...policy.tenants.map((t) => ({ role: 'SUSCRIPTOR', name: t.name })), ...guarantors.map((g) => ({ role: 'AVAL', name: g.name }))],
    },
  };
}
