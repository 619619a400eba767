import { claimDocumentKinds } from '../claims/claim-values';
import type { ContractDocumentKind, TemplateKind } from './contracts';

/*
 * The fields a contract template may name as {{key}} (issue 16). A missing or zero value is empty
 * (issue 29): the template says what then with a {{#si}}/{{#no}} block (contractBlockHelp). The admin's editor lists them beside
 * the text, and the server refuses to save a template naming any other, so a typo never reaches a
 * signed contract as a blank. Every kind accepts the common fields; the pagaré's own fields exist only
 * inside the pagaré template, which the server repeats once per month of the term.
 */

const contractKinds = ['lease', 'policy', 'promissory_notes'] as const satisfies readonly ContractDocumentKind[];
/** The contract's facts: an incidencia's documents (issue 33) may name them too (the demand summary's 'datos del contrato'). */
const allKinds = [...contractKinds, ...claimDocumentKinds] as const satisfies readonly TemplateKind[];
const notesOnly = ['promissory_notes'] as const satisfies readonly ContractDocumentKind[];
/** The policy's facts the rent statement may name too (the rest are the contracts' own). */
const withStatement = [...allKinds, 'rent_statement'] as const satisfies readonly TemplateKind[];
const statementOnly = ['rent_statement'] as const satisfies readonly TemplateKind[];
const claimOnly = claimDocumentKinds;
const summaryOnly = ['lawsuit_summary'] as const satisfies readonly TemplateKind[];

export interface ContractPlaceholder {
  key: string;
  label: string;
  kinds: readonly TemplateKind[];
}

const common = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: allKinds });
const note = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: notesOnly });
const shared = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: withStatement });
const statement = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: statementOnly });
const claim = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: claimOnly });
const summary = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: summaryOnly });

export const contractPlaceholders: ReadonlyArray<ContractPlaceholder> = [
  shared('arrendador.nombre', 'Nombre del arrendador (propietario)'),
  common('arrendador.domicilio', 'Domicilio del arrendador (vacío si no se capturó)'),
  shared('arrendatario.nombre', 'Nombre de los arrendatarios (todos, unidos con «y»)'),
  common('arrendatario.domicilio', 'Domicilio del primer arrendatario (vacío si no se capturó)'),
  common('arrendatarios.lista', 'Arrendatarios con su domicilio (si se capturó), uno por línea'),
  common('obligado.nombre', 'Nombre de los obligados solidarios (vacío si el tipo no tiene)'),
  common('obligado.domicilio', 'Domicilio del primer obligado solidario (vacío si no se capturó)'),
  common('obligados.lista', 'Obligados solidarios con su domicilio (si se capturó), uno por línea'),
  common('obligado.garantia', 'Garantía del obligado solidario (inmueble o vehículo)'),
  common('obligado.comparecencia', 'Comparecencia del obligado solidario en el proemio (vacía si no hay)'),
  common('obligado.declaracion', 'Declaración del obligado solidario (vacía si no hay)'),
  common('obligado.clausula', 'Cláusula de obligación solidaria (o la aclaración de que no hay obligado)'),
  shared('inmueble.domicilio', 'Domicilio del inmueble arrendado'),
  common('inmueble.tipo', 'Tipo de inmueble'),
  common('inmueble.estacionamientos', 'Cajones de estacionamiento, en número (vacío si no tiene)'),
  common('inmueble.cajones', 'Cajones de estacionamiento en palabras («un cajón de estacionamiento», vacío si no tiene)'),
  common('inmueble.servicios', 'Servicios del inmueble (vacío si no se indicó ninguno)'),
  common('inmueble.uso_comercial', 'Uso comercial (Sí/No)'),
  common('inmueble.objetos_especiales', 'Objetos especiales del inmueble'),
  common('inmueble.descripcion', 'Descripción del inmueble'),
  common('renta.importe', 'Renta mensual en número ($18,500.00)'),
  common('renta.importe_letra', 'Renta mensual en número y letra'),
  common('renta.mantenimiento', 'Cuota de mantenimiento (o «incluida en la renta»; vacía si no hay)'),
  common('renta.deposito', 'Depósito en garantía en número (vacío si no hay)'),
  common('renta.deposito_letra', 'Depósito en garantía en número y letra (vacío si no hay)'),
  common('renta.dias_gracia', 'Días de gracia para el pago (vacío si son cero)'),
  common('renta.plazo_gracia', 'Días de gracia en palabras («5 días naturales»; vacío si son cero)'),
  common('renta.interes_moratorio', 'Interés moratorio mensual del contrato («3.5 % mensual»; vacío si no se estableció)'),
  common('renta.banco', 'Banco para el pago de la renta (vacío si no se capturó)'),
  common('renta.cuenta', 'Número de cuenta (vacío si no se capturó)'),
  common('renta.clabe', 'CLABE interbancaria (vacía si no se capturó)'),
  common('renta.titular', 'Titular de la cuenta'),
  shared('poliza.folio', 'Folio de póliza (vacío hasta que se asigna)'),
  shared('poliza.folio_investigacion', 'Folio de investigación'),
  common('poliza.tipo', 'Tipo de póliza'),
  common('poliza.cobertura', 'Cobertura del tipo de póliza'),
  shared('poliza.inicio_vigencia', 'Inicio de vigencia (fecha de inicio del contrato)'),
  shared('poliza.fin_vigencia', 'Fin de vigencia (vacío si no se conoce)'),
  shared('poliza.meses', 'Duración en meses'),
  shared('sucursal.nombre', 'Nombre de la sucursal («Sucursal Polanco»)'),
  shared('sucursal.domicilio', 'Domicilio de la sucursal (vacío si no se capturó)'),
  common('agente.nombre', 'Nombre del agente (vacío si no hay)'),
  shared('fecha.hoy', 'Fecha de hoy, en letra'),
  note('pagare.numero', 'Número del pagaré («1 de 12»)'),
  note('pagare.total', 'Número de pagarés'),
  note('pagare.vencimiento', 'Fecha de vencimiento del pagaré'),
  note('pagare.importe', 'Importe del pagaré en número'),
  note('pagare.importe_letra', 'Importe del pagaré en número y letra'),
  note('pagare.lugar', 'Lugar de suscripción y pago (municipio y estado del inmueble; vacío si no se capturaron)'),
  note('pagare.suscriptores', 'Suscriptores (arrendatarios), cada uno con su domicilio si se capturó, uno por línea'),
  statement('estado.fecha_emision', 'Fecha y hora de emisión del estado de cuenta (Ciudad de México)'),
  statement('estado.corte', 'Fecha de corte: las rentas vencidas hasta ese día son exigibles'),
  statement('estado.exigible', 'Rentas exigibles a la fecha de corte ($18,500.00)'),
  statement('estado.pagado', 'Pagado de las rentas exigibles'),
  statement('estado.saldo', 'Saldo adeudado a la fecha de corte'),
  statement('estado.adelantado', 'Pagado por adelantado a rentas aún no exigibles (vacío si nada)'),
  statement('estado.saldo_a_favor', 'Saldo a favor del arrendatario (vacío si no hay)'),
  statement('estado.atraso', '«Al corriente» o el atraso: meses, importe y días'),
  note('pagare.avales', 'Avales con su domicilio, uno por línea (vacío si el tipo de póliza no tiene aval)'),
  // Incidencias (issue 33): the case, its months and pagarés, the agreement, the demand's facts.
  claim('incidencia.numero', 'Número de la incidencia («INC-00042»)'),
  claim('incidencia.tipo', 'Tipo de incidencia («Falta de pago»)'),
  claim('incidencia.fecha_apertura', 'Fecha en que se abrió la incidencia, en letra'),
  claim('incidencia.meses', 'Meses de renta reclamados, uno por línea: mes, importe y pagaré (vacío si no hay)'),
  claim('incidencia.numero_meses', 'Cuántos meses de renta se reclaman («3 meses»; vacío si ninguno)'),
  claim('incidencia.rentas', 'Rentas reclamadas ($55,500.00; vacío si cero)'),
  claim('incidencia.servicios', 'Servicios impagos reclamados (vacío si cero)'),
  claim('incidencia.danos', 'Daños reclamados (vacío si cero)'),
  claim('incidencia.total', 'Total reclamado: rentas, servicios y daños'),
  claim('incidencia.total_letra', 'Total reclamado en número y letra'),
  claim('pagares.lista', 'Pagarés de los meses reclamados, uno por línea: número, vencimiento e importe (vacío sin calendario de rentas)'),
  claim('convenio.parcialidades', 'Parcialidades del convenio de pago, una por línea: número, fecha e importe (vacío sin convenio)'),
  claim('convenio.numero_parcialidades', 'Parcialidades del convenio, en número («3 parcialidades»; vacío sin convenio)'),
  claim('convenio.total', 'Total del convenio de pago (vacío sin convenio)'),
  claim('convenio.total_letra', 'Total del convenio en número y letra (vacío sin convenio)'),
  summary('incidencia.descripcion', 'Descripción de la incidencia (texto interno de la oficina)'),
  summary('demanda.hechos', 'Hechos: el contrato, los pagarés, el calendario de rentas, lo adeudado, el convenio y las gestiones, numerados'),
  summary('demanda.juzgado', 'Juzgado (vacío si aún no se capturó la demanda)'),
  summary('demanda.expediente', 'Expediente judicial (vacío si aún no se capturó la demanda)'),
];

/**
 * The statement's tables, written alone on a line: each month with its pagaré, and the payments
 * (reversed ones marked with their reason). The admin's editor lists them beside the fields.
 */
export const statementTableMarkers = [
  { marker: '[[meses]]', label: 'Tabla de meses: periodo, vencimiento, importe, pagado, estado, días de atraso y pagaré' },
  { marker: '[[pagos]]', label: 'Tabla de pagos: fecha, forma, referencia e importe; los revertidos con su motivo' },
] as const;

/**
 * The conditional blocks of the templates (issue 29), shown beside the editor's fields: a missing or
 * zero value (no bank, no parking spot, no grace days, no address) gets its own sentence, or none.
 */
export const contractBlockHelp = {
  title: 'Texto según el dato',
  ifPresent: { example: '{{#si renta.banco}}…{{/si}}', label: 'El texto entre las marcas aparece solo si el campo tiene valor (ni vacío ni cero).' },
  ifMissing: { example: '{{#no renta.banco}}…{{/no}}', label: 'El texto aparece solo si el campo está vacío o es cero.' },
} as const;

const tagPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;
const openingTag = /^#(si|no)\s+(\S+)$/;
const closingTag = /^\/(si|no)$/;

/** Every distinct {{name}} a template's text uses (a block's field too), in order of first appearance. */
export function templatePlaceholdersIn(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(tagPattern)) {
    const tag = match[1] ?? '';
    if (closingTag.test(tag)) continue;
    names.add(openingTag.exec(tag)?.[2] ?? tag);
  }
  return [...names];
}

/** The block tags without their pair ('{{#si x}}' never closed, '{{/no}}' never opened), as written. */
export function unpairedBlockTags(body: string): string[] {
  const open: { kind: string; tag: string }[] = [];
  const unpaired: string[] = [];
  for (const match of body.matchAll(tagPattern)) {
    const tag = match[1] ?? '';
    const opening = openingTag.exec(tag);
    const closing = closingTag.exec(tag);
    if (opening) open.push({ kind: opening[1]!, tag });
    else if (closing && open.at(-1)?.kind === closing[1]) open.pop();
    else if (closing) unpaired.push(tag);
  }
  return [...unpaired, ...open.map((block) => block.tag)];
}

/**
 * What a template of that kind may not say: unknown names or another kind's own, and block tags
 * without their pair (the server's 400 names the first).
 */
export function unknownPlaceholders(kind: TemplateKind, body: string): string[] {
  const allowed = new Set(contractPlaceholders.filter((p) => p.kinds.includes(kind)).map((p) => p.key));
  return [...templatePlaceholdersIn(body).filter((name) => !allowed.has(name)), ...unpairedBlockTags(body)];
}
