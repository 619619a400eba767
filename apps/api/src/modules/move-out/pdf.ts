import { formatAddress, formatPesos, roomConditionLabels, type Policy, type Settlement } from '@portal/domain';
import type { StoredDamage, StoredRoom } from './repository';
import { renderDocument } from '../contracts/index';

/*
 * The acta de entrega-recepción as a PDF, drawn with the contracts' engine (pdfmake and the
 * templates' markup). The text is a draft for the office's lawyer (the screen says so). Every value
 * a person typed goes in as a placeholder's value, never as markup: a note with '**' or '# ' stays text.
 */

export interface ActaFacts {
  policy: Policy;
  folio: string;
  deliveredOn: string;
  keysCount: number;
  keysNotes: string;
  meters: { water: string; electricity: string; gas: string };
  rooms: StoredRoom[];
  damages: StoredDamage[];
  unpaidServicesNotes: string;
  settlement: Settlement;
}

const longDate = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' });
const dayText = (day: string) => longDate.format(new Date(`${day}T12:00:00Z`));
const orDash = (value: string) => value.trim() || 'sin dato';

export async function renderActa(facts: ActaFacts): Promise<{ bytes: Buffer; pageCount: number }> {
  const { policy, settlement } = facts;
  const tenants = policy.tenants.map((person) => person.name.trim()).filter(Boolean);
  const owner = policy.property.owner.name.trim();
  const values: Record<string, string> = {
    folio: facts.folio,
    domicilio: formatAddress(policy.property.address),
    fecha: dayText(facts.deliveredOn),
    inquilino: tenants.join(', '),
    propietario: owner,
    llaves: String(facts.keysCount),
    notas_llaves: facts.keysNotes,
    agua: orDash(facts.meters.water),
    luz: orDash(facts.meters.electricity),
    gas: orDash(facts.meters.gas),
    deposito: formatPesos(settlement.depositCents),
    danos: formatPesos(settlement.damagesCents),
    rentas: formatPesos(settlement.unpaidRentCents),
    servicios: formatPesos(settlement.unpaidServicesCents),
    notas_servicios: facts.unpaidServicesNotes,
    resultado: settlement.label,
  };
  const rooms = facts.rooms.map((room, index) => {
    values[`h${index}`] = room.name;
    values[`h${index}e`] = roomConditionLabels[room.condition];
    values[`h${index}n`] = room.notes;
    return `**{{h${index}}}**: estado {{h${index}e}}.{{#si h${index}n}} {{h${index}n}}{{/si}}`;
  });
  const damages = facts.damages.map((damage, index) => {
    values[`d${index}`] = damage.description;
    values[`d${index}i`] = formatPesos(damage.amountCents);
    return `{{d${index}}}: {{d${index}i}}`;
  });
  const body = [
    '# ACTA DE ENTREGA-RECEPCIÓN DEL INMUEBLE',
    'Póliza {{folio}}',
    'El {{fecha}}, EL ARRENDATARIO {{inquilino}} entrega a EL ARRENDADOR {{propietario}} el inmueble ubicado en {{domicilio}}, y ambas partes hacen constar lo siguiente:',
    '## Llaves',
    'Se entregan {{llaves}} llaves.{{#si notas_llaves}} {{notas_llaves}}{{/si}}',
    '## Lecturas de los medidores',
    'Agua: {{agua}}. Luz: {{luz}}. Gas: {{gas}}.',
    '## Estado de las habitaciones',
    ...(rooms.length > 0 ? rooms : ['No se registraron habitaciones.']),
    '## Daños',
    ...(damages.length > 0 ? damages : ['No se registraron daños.']),
    '## Liquidación del depósito en garantía',
    'Depósito en garantía: {{deposito}}\nMenos daños: {{danos}}\nMenos rentas pendientes de pago: {{rentas}}\nMenos servicios pendientes de pago: {{servicios}}{{#si notas_servicios}} ({{notas_servicios}}){{/si}}',
    '**{{resultado}}**',
    'Las partes firman de conformidad con el contenido de esta acta.',
    '[[firmas]]',
  ].join('\n\n');
  return renderDocument({
    kind: 'lease',
    subject: 'Acta de entrega-recepción',
    body,
    copies: [values],
    signatures: [...tenants.map((name) => ({ role: 'EL ARRENDATARIO', name })), { role: 'EL ARRENDADOR', name: owner }],
    initials: 0,
    paperSize: 'letter',
    title: `Acta de entrega-recepción ${facts.folio}`,
    maxPages: 30,
  });
}
