import type { ContractDocumentKind } from './contracts';

/*
 * The fields a contract template may name as {{key}} (issue 16). The admin's editor lists them beside
 * the text, and the server refuses to save a template naming any other, so a typo never reaches a
 * signed contract as a blank. Every kind accepts the common fields; the pagaré's own fields exist only
 * inside the pagaré template, which the server repeats once per month of the term.
 */

const allKinds = ['lease', 'policy', 'promissory_notes'] as const satisfies readonly ContractDocumentKind[];
const notesOnly = ['promissory_notes'] as const satisfies readonly ContractDocumentKind[];

export interface ContractPlaceholder {
  key: string;
  label: string;
  kinds: readonly ContractDocumentKind[];
}

const common = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: allKinds });
const note = (key: string, label: string): ContractPlaceholder => ({ key, label, kinds: notesOnly });

export const contractPlaceholders: ReadonlyArray<ContractPlaceholder> = [
  common('arrendador.nombre', 'Nombre del arrendador (propietario)'),
  common('arrendador.domicilio', 'Domicilio del arrendador'),
  common('arrendatario.nombre', 'Nombre de los arrendatarios (todos, unidos con «y»)'),
  common('arrendatario.domicilio', 'Domicilio del primer arrendatario'),
  common('arrendatarios.lista', 'Arrendatarios con su domicilio, uno por línea'),
  common('obligado.nombre', 'Nombre de los obligados solidarios (vacío si el tipo no tiene)'),
  common('obligado.domicilio', 'Domicilio del primer obligado solidario'),
  common('obligados.lista', 'Obligados solidarios con su domicilio, uno por línea'),
  common('obligado.garantia', 'Garantía del obligado solidario (inmueble o vehículo)'),
  common('obligado.comparecencia', 'Comparecencia del obligado solidario en el proemio (vacía si no hay)'),
  common('obligado.declaracion', 'Declaración del obligado solidario (vacía si no hay)'),
  common('obligado.clausula', 'Cláusula de obligación solidaria (o la aclaración de que no hay obligado)'),
  common('inmueble.domicilio', 'Domicilio del inmueble arrendado'),
  common('inmueble.tipo', 'Tipo de inmueble'),
  common('inmueble.estacionamientos', 'Cajones de estacionamiento'),
  common('inmueble.servicios', 'Servicios del inmueble'),
  common('inmueble.uso_comercial', 'Uso comercial (Sí/No)'),
  common('inmueble.objetos_especiales', 'Objetos especiales del inmueble'),
  common('inmueble.descripcion', 'Descripción del inmueble'),
  common('renta.importe', 'Renta mensual en número ($18,500.00)'),
  common('renta.importe_letra', 'Renta mensual en número y letra'),
  common('renta.mantenimiento', 'Cuota de mantenimiento (o «incluido en la renta»)'),
  common('renta.deposito', 'Depósito en garantía en número'),
  common('renta.deposito_letra', 'Depósito en garantía en número y letra'),
  common('renta.dias_gracia', 'Días de gracia para el pago'),
  common('renta.banco', 'Banco para el pago de la renta'),
  common('renta.cuenta', 'Número de cuenta'),
  common('renta.clabe', 'CLABE interbancaria'),
  common('renta.titular', 'Titular de la cuenta'),
  common('poliza.folio', 'Folio de póliza'),
  common('poliza.folio_investigacion', 'Folio de investigación'),
  common('poliza.tipo', 'Tipo de póliza'),
  common('poliza.cobertura', 'Cobertura del tipo de póliza'),
  common('poliza.inicio_vigencia', 'Inicio de vigencia (fecha de inicio del contrato)'),
  common('poliza.fin_vigencia', 'Fin de vigencia'),
  common('poliza.meses', 'Duración en meses'),
  common('sucursal.nombre', 'Nombre de la sucursal'),
  common('sucursal.domicilio', 'Domicilio de la sucursal'),
  common('agente.nombre', 'Nombre del agente'),
  common('fecha.hoy', 'Fecha de hoy, en letra'),
  note('pagare.numero', 'Número del pagaré («1 de 12»)'),
  note('pagare.total', 'Número de pagarés'),
  note('pagare.vencimiento', 'Fecha de vencimiento del pagaré'),
  note('pagare.importe', 'Importe del pagaré en número'),
  note('pagare.importe_letra', 'Importe del pagaré en número y letra'),
  note('pagare.lugar', 'Lugar de suscripción y pago'),
];

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every distinct {{name}} a template's text uses, in order of first appearance. */
export function templatePlaceholdersIn(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(placeholderPattern)) names.add(match[1] ?? '');
  return [...names];
}

/** The names a template of that kind may not use (unknown, or another kind's own). */
export function unknownPlaceholders(kind: ContractDocumentKind, body: string): string[] {
  const allowed = new Set(contractPlaceholders.filter((p) => p.kinds.includes(kind)).map((p) => p.key));
  return templatePlaceholdersIn(body).filter((name) => !allowed.has(name));
}
