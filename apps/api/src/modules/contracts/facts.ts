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

/*
 * A missing or zero value is '' (issue 29): the template gives it its own sentence, or none, with a
 * {{#si}}/{{#no}} block (markup.ts), never a stand-in such as 'domicilio no proporcionado'.
 */

/** A party's address, or '' when the policy has none (the form does not require it). */
function addressOf(address: PersonAddress): string {
  const filled = [address.street, address.exteriorNumber, address.colony, address.municipality, address.state].some((part) => part.trim() !== '');
  return filled ? formatAddress(address) : '';
}

/** 'Name: address' for each person whose address is known, one a line; '' when none is. */
function addressList(people: readonly { name: string; address: PersonAddress }[]): string {
  return people.flatMap((person) => (addressOf(person.address) ? [`${person.name}: ${addressOf(person.address)}`] : [])).join('\n');
}

/** 'Name, con domicilio en …', or the name alone when the address is unknown. */
function partyLine(person: { name: string; address: PersonAddress }): string {
  const address = addressOf(person.address);
  return address ? `${person.name}, con domicilio en ${address}` : person.name;
}

const joinNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`);
const yesNo = (value: boolean, details = '') => (value ? `Sí${details.trim() ? ` (${details.trim()})` : ''}` : 'No');
const countOrEmpty = (count: number | null | undefined) => (count && count > 0 ? String(count) : '');

function services(policy: Policy): string {
  const s = policy.property.services;
  return [s.water && 'agua', s.electricity && 'luz', s.maintenance && 'mantenimiento', s.other.trim(), s.details.trim()].filter(Boolean).join(', ');
}

/** 'un cajón de estacionamiento', '2 cajones de estacionamiento', '' for none. */
function parkingText(spots: number): string {
  if (!(spots > 0)) return '';
  return spots === 1 ? 'un cajón de estacionamiento' : `${spots} cajones de estacionamiento`;
}

/** '5 días naturales', '1 día natural', '' for none. */
function graceText(days: number): string {
  if (!(days > 0)) return '';
  return days === 1 ? '1 día natural' : `${days} días naturales`;
}

function maintenance(rent: Policy['property']['rent']): string {
  if (rent.includesMaintenance) return 'incluida en la renta';
  return rent.maintenanceAmount ? `${moneyWithWords(rent.maintenanceAmount)} mensuales` : '';
}

/** 'Sucursal Polanco' whether the branch was named 'Polanco' or 'Sucursal Polanco'. */
const branchName = (name: string) => (/^sucursal\b/i.test(name.trim()) ? name.trim() : `Sucursal ${name.trim()}`);

/** What the guarantor answers with, or '' when the guaranteed property's address is unknown. */
function guarantee(guarantor: Guarantor): string {
  if (guarantor.vehicle) {
    const v = guarantor.vehicle;
    return `vehículo ${[v.brand, v.model, v.year ?? '', v.color].filter(Boolean).join(' ')}, placas ${v.licensePlate}`;
  }
  const address = addressOf(guarantor.sameAddressAsGuarantee || !guarantor.guaranteeAddress ? guarantor.address : guarantor.guaranteeAddress);
  return address ? `inmueble ubicado en ${address}` : '';
}

function guarantorDeclaration(guarantors: Guarantor[]): string {
  const known = guarantors.filter((g) => addressOf(g.address));
  const domiciles = known.map((g) => (guarantors.length > 1 ? `${g.name}, en ${addressOf(g.address)}` : addressOf(g.address)));
  const guarantees = guarantors.map(guarantee).filter(Boolean);
  const domicile = domiciles.length > 0 ? `tener su domicilio en ${domiciles.join('; ')}, y ` : '';
  const particular = guarantees.length > 0 ? `, en particular ${guarantees.join('; ')}` : '';
  return `III. Declara EL OBLIGADO SOLIDARIO ${domicile}contar con bienes suficientes para responder de las obligaciones de EL ARRENDATARIO${particular}.`;
}

function guarantorValues(guarantors: Guarantor[]): Record<string, string> {
  if (guarantors.length === 0) {
    return {
      'obligado.nombre': '',
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
    'obligados.lista': addressList(guarantors),
    'obligado.garantia': guarantors.map(guarantee).filter(Boolean).join('; '),
    'obligado.comparecencia': `y ${names}, a quien en lo sucesivo se le denominará «EL OBLIGADO SOLIDARIO», `,
    'obligado.declaracion': guarantorDeclaration(guarantors),
    'obligado.clausula': `${names} se constituye en obligado solidario de EL ARRENDATARIO y responde, junto con éste y sin beneficio de orden ni excusión, de todas las obligaciones de este contrato hasta la entrega del inmueble a EL ARRENDADOR, aun después de concluida la vigencia.`,
  };
}

/**
 * The contract's placeholders' values for this policy (placeholders.ts lists them), never refusing:
 * a missing fact is '' (an incidencia's documents name them too, issue 33). A pack checks the
 * facts first (requireFacts), so its values are never blank where a contract needs data.
 */
export function policyValues(policy: Policy, setting: PackSetting): Record<string, string> {
  const r = policy.property.rent;
  const start = r.contractStartDate;
  const rent = r.price > 0 ? r.price : 0;
  const owner = policy.property.owner;
  const tenantNames = joinNames(policy.tenants.map((t) => t.name));
  const guarantors = guarantorRequiredFor(policy.policyType) ? policy.guarantors : [];
  const grace = r.gracePeriod ?? 0;
  const endDate = policy.endDate;
  const propertyAddress = addressOf(policy.property.address);
  return {
    'arrendador.nombre': owner.name,
    'arrendador.domicilio': addressOf(owner.address),
    'arrendatario.nombre': tenantNames,
    'arrendatario.domicilio': policy.tenants[0] ? addressOf(policy.tenants[0].address) : '',
    'arrendatarios.lista': addressList(policy.tenants),
    ...guarantorValues(guarantors),
    'inmueble.domicilio': propertyAddress,
    'inmueble.tipo': propertyTypeLabels[policy.property.propertyType],
    'inmueble.estacionamientos': countOrEmpty(policy.property.parkingSpots),
    'inmueble.cajones': parkingText(policy.property.parkingSpots),
    'inmueble.servicios': services(policy),
    'inmueble.uso_comercial': yesNo(policy.property.commercialUse, policy.property.commercialServicesDetails),
    'inmueble.objetos_especiales': yesNo(policy.property.specialObjects, policy.property.specialObjectsDetails),
    'inmueble.descripcion': policy.property.description,
    'renta.importe': rent > 0 ? formatMoney(rent) : '',
    'renta.importe_letra': rent > 0 ? moneyWithWords(rent) : '',
    'renta.mantenimiento': maintenance(r),
    'renta.deposito': r.deposit ? formatMoney(r.deposit) : '',
    'renta.deposito_letra': r.deposit ? moneyWithWords(r.deposit) : '',
    'renta.dias_gracia': countOrEmpty(grace),
    'renta.plazo_gracia': graceText(grace),
    // Issue 32: the lease's moratorium rate, for the template's clause (the default templates do not use it yet: the lawyer's to word).
    'renta.interes_moratorio': r.lateInterestMonthlyRate === null ? '' : `${r.lateInterestMonthlyRate} % mensual`,
    'renta.banco': r.bank.trim(),
    'renta.cuenta': r.accountNumber.trim(),
    'renta.clabe': r.clabe.trim(),
    'renta.titular': r.accountHolder.trim() || owner.name,
    'poliza.folio': policy.policyNumber,
    'poliza.folio_investigacion': policy.investigationId,
    'poliza.tipo': policyTypeLabels[policy.policyType],
    'poliza.cobertura': policyCoverage[policy.policyType],
    'poliza.inicio_vigencia': start ? spanishLongDate(start) : '',
    'poliza.fin_vigencia': endDate ? spanishLongDate(endDate) : '',
    'poliza.meses': String(policy.termMonths),
    'sucursal.nombre': branchName(setting.branch.name),
    'sucursal.domicilio': addressOf(setting.branch.address),
    'agente.nombre': setting.agentName.trim(),
    'fecha.hoy': spanishLongDate(setting.today),
  };
}

/** Every placeholder's value for this policy and the pagarés' own: a 409 naming a missing fact first. */
export function packFacts(policy: Policy, setting: PackSetting): PackFacts {
  const { start, rent } = requireFacts(policy);
  const grace = policy.property.rent.gracePeriod ?? 0;
  const guarantors = guarantorRequiredFor(policy.policyType) ? policy.guarantors : [];
  const place = [policy.property.address.municipality, policy.property.address.state].map((part) => part.trim()).filter(Boolean).join(', ');
  const values = policyValues(policy, setting);
  const owner = policy.property.owner;
  const dueDates = promissoryNoteDueDates(start, policy.termMonths, grace);
  const notes = dueDates.map((due, index) => ({
    ...values,
    'pagare.numero': `${index + 1} de ${dueDates.length}`,
    'pagare.total': String(dueDates.length),
    'pagare.vencimiento': spanishLongDate(due),
    'pagare.importe': formatMoney(rent),
    'pagare.importe_letra': moneyWithWords(rent),
    'pagare.lugar': place,
    // Each signer of a pagaré is named in it with their own domicilio (issue 29): an aval too.
    'pagare.suscriptores': policy.tenants.map(partyLine).join(';\n'),
    'pagare.avales': guarantors.map(partyLine).join(';\n'),
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
