import { createHash } from 'node:crypto';
import type { TemplateKind } from '@portal/domain';
import { claimDefaultTemplateBodies } from './claim-default-templates';

/*
 * The product's default texts (version 1 of each kind's default template). They are inserted into
 * contract_templates the first time a kind is needed (decision 016), and from then on they are data:
 * an admin's save is a new version, this file is never read again for that kind. Markup: see
 * markup.ts (# título, ## cláusula, blank line = paragraph, **negrita**, {{campo}}, [[firmas]],
 * {{#si campo}}…{{/si}} and {{#no campo}}…{{/no}}). A missing or zero value is empty: each gets its
 * own sentence here, or none (issue 29).
 */

const lease = `# CONTRATO DE ARRENDAMIENTO

Contrato de arrendamiento que celebran, por una parte, **{{arrendador.nombre}}**, a quien en lo sucesivo se le denominará «EL ARRENDADOR»; por otra parte, **{{arrendatario.nombre}}**, a quien en lo sucesivo se le denominará «EL ARRENDATARIO»; {{obligado.comparecencia}}al tenor de las siguientes declaraciones y cláusulas.

## DECLARACIONES

I. Declara EL ARRENDADOR {{#si arrendador.domicilio}}tener su domicilio en {{arrendador.domicilio}}, y {{/si}}ser legítimo propietario o tener la facultad legal para dar en arrendamiento el inmueble materia de este contrato.

II. Declara EL ARRENDATARIO, bajo protesta de decir verdad, contar con la capacidad legal y económica para obligarse en los términos de este contrato{{#si arrendatarios.lista}}, y señala como su domicilio:
{{arrendatarios.lista}}{{/si}}{{#no arrendatarios.lista}}.{{/no}}

{{obligado.declaracion}}

## CLÁUSULAS

## PRIMERA. OBJETO

EL ARRENDADOR da en arrendamiento a EL ARRENDATARIO el inmueble tipo {{inmueble.tipo}} ubicado en **{{inmueble.domicilio}}**{{#si inmueble.cajones}}, con {{inmueble.cajones}}{{/si}}{{#si inmueble.servicios}}, que cuenta con los servicios siguientes: {{inmueble.servicios}}{{/si}}. EL ARRENDATARIO lo recibe en buen estado, a su entera satisfacción.

## SEGUNDA. RENTA

EL ARRENDATARIO pagará por concepto de renta mensual la cantidad de **{{renta.importe_letra}}**, por mensualidades adelantadas, {{#si renta.plazo_gracia}}a más tardar {{renta.plazo_gracia}} después del día de inicio de cada mes del arrendamiento{{/si}}{{#no renta.plazo_gracia}}el día de inicio de cada mes del arrendamiento{{/no}}, mediante depósito o transferencia a la cuenta {{#si renta.banco}}del banco {{renta.banco}}{{#si renta.cuenta}}, número {{renta.cuenta}}{{/si}}{{#si renta.clabe}}, CLABE {{renta.clabe}}{{/si}}, a nombre de {{renta.titular}}{{/si}}{{#no renta.banco}}{{#si renta.clabe}}con CLABE {{renta.clabe}}, a nombre de {{renta.titular}}{{/si}}{{#no renta.clabe}}que EL ARRENDADOR le indique por escrito{{/no}}{{/no}}, o en el domicilio de EL ARRENDADOR.

## TERCERA. MANTENIMIENTO

{{#si renta.mantenimiento}}La cuota de mantenimiento del inmueble es {{renta.mantenimiento}}. {{/si}}Los consumos de agua, luz, gas, teléfono e internet serán por cuenta de EL ARRENDATARIO durante la vigencia de este contrato.

## CUARTA. DEPÓSITO EN GARANTÍA

{{#si renta.deposito}}EL ARRENDATARIO entrega en este acto la cantidad de **{{renta.deposito_letra}}** como depósito en garantía del cumplimiento de sus obligaciones. El depósito no causará intereses, no se aplicará al pago de rentas y será devuelto a la desocupación del inmueble, previa comprobación de que éste se entrega en buen estado y sin adeudos.{{/si}}{{#no renta.deposito}}Las partes convienen en que EL ARRENDATARIO no entrega depósito en garantía.{{/no}}

## QUINTA. VIGENCIA

La vigencia de este contrato es de {{poliza.meses}} meses forzosos para ambas partes, {{#si poliza.fin_vigencia}}del {{poliza.inicio_vigencia}} al {{poliza.fin_vigencia}}{{/si}}{{#no poliza.fin_vigencia}}a partir del {{poliza.inicio_vigencia}}{{/no}}. Al término de la vigencia EL ARRENDATARIO entregará el inmueble desocupado, salvo que las partes firmen un nuevo contrato.

## SEXTA. USO

El inmueble se destinará exclusivamente al uso convenido. Uso comercial: {{inmueble.uso_comercial}}. Objetos especiales: {{inmueble.objetos_especiales}}. EL ARRENDATARIO no podrá subarrendar ni ceder los derechos de este contrato sin el consentimiento previo y por escrito de EL ARRENDADOR.

## SÉPTIMA. CONSERVACIÓN Y MEJORAS

EL ARRENDATARIO conservará el inmueble en el estado en que lo recibe, salvo el desgaste por el uso normal. No podrá hacer obras ni modificaciones sin autorización por escrito de EL ARRENDADOR; las que haga quedarán en beneficio del inmueble.

## OCTAVA. OBLIGACIÓN SOLIDARIA

{{obligado.clausula}}

## NOVENA. RESCISIÓN

La falta de pago de dos o más mensualidades de renta, el cambio de uso del inmueble o el subarrendamiento sin autorización serán causas de rescisión de este contrato, sin perjuicio de las demás que señale la ley.

## DÉCIMA. JURISDICCIÓN

Para la interpretación y cumplimiento de este contrato, las partes se someten a las leyes y a los tribunales competentes del lugar de ubicación del inmueble, renunciando a cualquier otro fuero que por razón de su domicilio presente o futuro pudiera corresponderles.

Leído que fue el presente contrato y enteradas las partes de su contenido y alcance, lo firman por duplicado el {{fecha.hoy}}.

[[firmas]]
`;

const policy = `# PÓLIZA JURÍDICA DE ARRENDAMIENTO

{{#si poliza.folio}}**Folio de póliza:** {{poliza.folio}}
{{/si}}**Folio de investigación:** {{poliza.folio_investigacion}}
**Tipo de póliza:** {{poliza.tipo}}

## PARTES

**Arrendador:** {{arrendador.nombre}}{{#si arrendador.domicilio}}, con domicilio en {{arrendador.domicilio}}{{/si}}.
**Arrendatario(s):** {{arrendatario.nombre}}.{{#si obligado.nombre}}
**Obligado(s) solidario(s):** {{obligado.nombre}}.{{/si}}

## INMUEBLE

{{inmueble.tipo}} ubicado en {{inmueble.domicilio}}.

## RENTA Y VIGENCIA

Renta mensual de {{renta.importe_letra}}{{#si renta.plazo_gracia}}, con {{renta.plazo_gracia}} de gracia para su pago{{/si}}. {{#si renta.deposito}}Depósito en garantía de {{renta.deposito_letra}}.{{/si}}{{#no renta.deposito}}Sin depósito en garantía.{{/no}}
Vigencia de {{poliza.meses}} meses, {{#si poliza.fin_vigencia}}del {{poliza.inicio_vigencia}} al {{poliza.fin_vigencia}}{{/si}}{{#no poliza.fin_vigencia}}a partir del {{poliza.inicio_vigencia}}{{/no}}.

## COBERTURA

{{poliza.cobertura}}

## CONDICIONES

La protección de esta póliza está sujeta a que el contrato de arrendamiento se firme en los términos elaborados por la sucursal, a que el arrendador notifique por escrito cualquier incumplimiento del arrendatario dentro de los treinta días naturales siguientes, y a que proporcione la documentación que se le solicite para el ejercicio de las acciones legales.

## SUCURSAL

Expedida por la {{sucursal.nombre}}{{#si sucursal.domicilio}}, con domicilio en {{sucursal.domicilio}}{{/si}}.{{#si agente.nombre}} Agente: {{agente.nombre}}.{{/si}}

Fecha de expedición: {{fecha.hoy}}.

[[firmas]]
`;

const promissoryNote = `# PAGARÉ {{pagare.numero}}

**Bueno por {{pagare.importe}}**

**Vencimiento: {{pagare.vencimiento}}**

Por este PAGARÉ me (nos) obligo (obligamos) incondicionalmente a pagar a la orden de **{{arrendador.nombre}}**, {{#si pagare.lugar}}en {{pagare.lugar}}, {{/si}}el día {{pagare.vencimiento}}, la cantidad de **{{pagare.importe_letra}}**, valor recibido a mi (nuestra) entera satisfacción por concepto de renta del inmueble ubicado en {{inmueble.domicilio}}.

Este pagaré forma parte de una serie numerada del 1 al {{pagare.total}} y todos están sujetos a la condición de que, al no pagarse cualquiera de ellos a su vencimiento, serán exigibles todos los que le sigan en número, además de los ya vencidos. De no pagarse a su vencimiento, causará intereses moratorios al tipo legal.

Suscrito {{#si pagare.lugar}}en {{pagare.lugar}}, {{/si}}el {{fecha.hoy}}.

**Suscriptor(es):** {{pagare.suscriptores}}.
{{#si pagare.avales}}
**Por aval:** {{pagare.avales}}.
{{/si}}
[[firmas]]
`;

/*
 * The owner's statement (issue 32): drawn on request from the ledger, never stored. [[meses]] and
 * [[pagos]] are the tables the server draws; the totals are values like any other field.
 */
const rentStatement = `# ESTADO DE CUENTA DE RENTAS

{{#si poliza.folio}}**Póliza:** {{poliza.folio}}
{{/si}}**Inmueble:** {{inmueble.domicilio}}
**Arrendador:** {{arrendador.nombre}}
**Arrendatario(s):** {{arrendatario.nombre}}
**Vigencia:** {{poliza.meses}} meses, {{#si poliza.fin_vigencia}}del {{poliza.inicio_vigencia}} al {{poliza.fin_vigencia}}{{/si}}{{#no poliza.fin_vigencia}}a partir del {{poliza.inicio_vigencia}}{{/no}}

## RESUMEN AL {{estado.corte}}

**Rentas exigibles:** {{estado.exigible}}
**Pagado:** {{estado.pagado}}
**Saldo adeudado:** {{estado.saldo}}{{#si estado.adelantado}}
**Pagado por adelantado:** {{estado.adelantado}}{{/si}}{{#si estado.saldo_a_favor}}
**Saldo a favor:** {{estado.saldo_a_favor}}{{/si}}
{{estado.atraso}}

## MESES Y PAGARÉS

[[meses]]

Cada pagaré queda en custodia de la sucursal hasta que su mes se paga; el pagaré de un mes pagado es devolvible al arrendatario, y el de un mes vencido sin pagar es la prueba para la incidencia.

## PAGOS RECIBIDOS

[[pagos]]

Un pago revertido no se aplica a ningún mes: se conserva con el motivo de la reversión.

Emitido por la {{sucursal.nombre}} el {{estado.fecha_emision}}.
`;

export const defaultTemplateBodies: Record<TemplateKind, string> = {
  lease,
  policy,
  promissory_notes: promissoryNote,
  rent_statement: rentStatement,
  ...claimDefaultTemplateBodies,
};

/*
 * The SHA-256 of each earlier product text of a kind (issue 29 rewrote them). A database whose newest
 * default version is one of these gets the current text as a new version the next time the kind is
 * needed; a text an admin wrote is never one of these, so it is never replaced.
 */
const outdatedDefaultSha256: Record<TemplateKind, readonly string[]> = {
  lease: ['c58eb087c3d2f4609ad4f98dbc0170509a3e86de237c6de3051aba8c53a3aa67'],
  policy: ['adcf42b0128616491509d67d5f36d984e95322a20c1d75f369480c5e08da3f4a'],
  promissory_notes: ['a31810a96ce0f0359900d275d68a4730cf739ed09cb91aea705c4142b1588bdd'],
  rent_statement: [],
  payment_demand: [],
  guarantor_letter: [],
  payment_agreement: [],
  lawsuit_summary: [],
};

/** Whether a stored default text is an earlier product text, to be replaced by the current one. */
export function isOutdatedDefault(kind: TemplateKind, body: string): boolean {
  return outdatedDefaultSha256[kind].includes(createHash('sha256').update(body).digest('hex'));
}
