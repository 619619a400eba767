import type { ContractDocumentKind } from '@portal/domain';

/*
 * The product's default texts (version 1 of each kind's default template). They are inserted into
 * contract_templates the first time a kind is needed (decision 016), and from then on they are data:
 * an admin's save is a new version, this file is never read again for that kind. Markup: see
 * markup.ts (# título, ## cláusula, blank line = paragraph, **negrita**, {{campo}}, [[firmas]]).
 */

const lease = `# CONTRATO DE ARRENDAMIENTO

Contrato de arrendamiento que celebran, por una parte, **{{arrendador.nombre}}**, a quien en lo sucesivo se le denominará «EL ARRENDADOR»; por otra parte, **{{arrendatario.nombre}}**, a quien en lo sucesivo se le denominará «EL ARRENDATARIO»; {{obligado.comparecencia}}al tenor de las siguientes declaraciones y cláusulas.

## DECLARACIONES

I. Declara EL ARRENDADOR tener su domicilio en {{arrendador.domicilio}}, y ser legítimo propietario o tener la facultad legal para dar en arrendamiento el inmueble materia de este contrato.

II. Declara EL ARRENDATARIO, bajo protesta de decir verdad, contar con la capacidad legal y económica para obligarse en los términos de este contrato, y señala como su domicilio:
{{arrendatarios.lista}}

{{obligado.declaracion}}

## CLÁUSULAS

## PRIMERA. OBJETO

EL ARRENDADOR da en arrendamiento a EL ARRENDATARIO el inmueble tipo {{inmueble.tipo}} ubicado en **{{inmueble.domicilio}}**, con {{inmueble.estacionamientos}} cajón(es) de estacionamiento y los servicios siguientes: {{inmueble.servicios}}. EL ARRENDATARIO lo recibe en buen estado, a su entera satisfacción.

## SEGUNDA. RENTA

EL ARRENDATARIO pagará por concepto de renta mensual la cantidad de **{{renta.importe_letra}}**, por mensualidades adelantadas, a más tardar {{renta.dias_gracia}} días naturales después del día de inicio de cada mes del arrendamiento, mediante depósito o transferencia a la cuenta del banco {{renta.banco}}, CLABE {{renta.clabe}}, a nombre de {{renta.titular}}, o en el domicilio de EL ARRENDADOR.

## TERCERA. MANTENIMIENTO

La cuota de mantenimiento del inmueble será: {{renta.mantenimiento}}. Los consumos de agua, luz, gas, teléfono e internet serán por cuenta de EL ARRENDATARIO durante la vigencia de este contrato.

## CUARTA. DEPÓSITO EN GARANTÍA

EL ARRENDATARIO entrega en este acto la cantidad de **{{renta.deposito_letra}}** como depósito en garantía del cumplimiento de sus obligaciones. El depósito no causará intereses, no se aplicará al pago de rentas y será devuelto a la desocupación del inmueble, previa comprobación de que éste se entrega en buen estado y sin adeudos.

## QUINTA. VIGENCIA

La vigencia de este contrato es de {{poliza.meses}} meses forzosos para ambas partes, del {{poliza.inicio_vigencia}} al {{poliza.fin_vigencia}}. Al término de la vigencia EL ARRENDATARIO entregará el inmueble desocupado, salvo que las partes firmen un nuevo contrato.

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

**Folio de póliza:** {{poliza.folio}}
**Folio de investigación:** {{poliza.folio_investigacion}}
**Tipo de póliza:** {{poliza.tipo}}

## PARTES

**Arrendador:** {{arrendador.nombre}}, con domicilio en {{arrendador.domicilio}}.
**Arrendatario(s):** {{arrendatario.nombre}}.
**Obligado(s) solidario(s):** {{obligado.nombre}}

## INMUEBLE

{{inmueble.tipo}} ubicado en {{inmueble.domicilio}}.

## RENTA Y VIGENCIA

Renta mensual de {{renta.importe_letra}}, con {{renta.dias_gracia}} días de gracia. Depósito en garantía de {{renta.deposito_letra}}.
Vigencia de {{poliza.meses}} meses, del {{poliza.inicio_vigencia}} al {{poliza.fin_vigencia}}.

## COBERTURA

{{poliza.cobertura}}

## CONDICIONES

La protección de esta póliza está sujeta a que el contrato de arrendamiento se firme en los términos elaborados por la sucursal, a que el arrendador notifique por escrito cualquier incumplimiento del arrendatario dentro de los treinta días naturales siguientes, y a que proporcione la documentación que se le solicite para el ejercicio de las acciones legales.

## SUCURSAL

Expedida por la sucursal {{sucursal.nombre}}, con domicilio en {{sucursal.domicilio}}. Agente: {{agente.nombre}}.

Fecha de expedición: {{fecha.hoy}}.

[[firmas]]
`;

const promissoryNote = `# PAGARÉ {{pagare.numero}}

**Bueno por {{pagare.importe}}**

**Vencimiento: {{pagare.vencimiento}}**

Por este PAGARÉ me (nos) obligo (obligamos) incondicionalmente a pagar a la orden de **{{arrendador.nombre}}**, en {{pagare.lugar}}, el día {{pagare.vencimiento}}, la cantidad de **{{pagare.importe_letra}}**, valor recibido a mi (nuestra) entera satisfacción por concepto de renta del inmueble ubicado en {{inmueble.domicilio}}.

Este pagaré forma parte de una serie numerada del 1 al {{pagare.total}} y todos están sujetos a la condición de que, al no pagarse cualquiera de ellos a su vencimiento, serán exigibles todos los que le sigan en número, además de los ya vencidos. De no pagarse a su vencimiento, causará intereses moratorios al tipo legal.

Suscrito en {{pagare.lugar}}, el {{fecha.hoy}}.

**Suscriptor(es):** {{arrendatario.nombre}}, con domicilio en {{arrendatario.domicilio}}.

[[firmas]]
`;

export const defaultTemplateBodies: Record<ContractDocumentKind, string> = {
  lease,
  policy,
  promissory_notes: promissoryNote,
};
