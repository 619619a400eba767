import type { ClaimDocumentKind } from '@portal/domain';

/*
 * The default texts of an incidencia's documents (issue 33): Spanish drafts for the office's
 * lawyer to review before they are used (the templates admin says so). The collection letters
 * (requerimiento, carta, convenio) go to the tenant and the obligados solidarios: they name no
 * court, no judge and no court paper (courtImitationTerm refuses a text that does), and the server
 * prints the extrajudicial notice on each of their pages whatever the text says.
 */

const debts = `{{#si incidencia.meses}}**Rentas vencidas ({{incidencia.numero_meses}}):**
{{incidencia.meses}}
{{/si}}{{#si incidencia.servicios}}**Servicios impagos:** {{incidencia.servicios}}
{{/si}}{{#si incidencia.danos}}**Daños al inmueble:** {{incidencia.danos}}
{{/si}}**Total adeudado:** {{incidencia.total_letra}}`;

const notes = `{{#si pagares.lista}}Las rentas vencidas están documentadas en los pagarés suscritos al firmar el contrato:
{{pagares.lista}}{{/si}}`;

const howToPay = `{{#si renta.clabe}}Puede pagar por transferencia a la cuenta CLABE {{renta.clabe}}{{#si renta.banco}} de {{renta.banco}}{{/si}}, a nombre de {{renta.titular}}, o{{/si}}{{#no renta.clabe}}Puede pagar{{/no}} en las oficinas de la {{sucursal.nombre}}{{#si sucursal.domicilio}}, {{sucursal.domicilio}}{{/si}}. Si ya realizó el pago, le pedimos enviarnos el comprobante y disculpar este aviso.`;

const letterhead = `{{sucursal.nombre}}{{#si sucursal.domicilio}}, {{sucursal.domicilio}}{{/si}}, a {{fecha.hoy}}.`;

const paymentDemand = `# REQUERIMIENTO DE PAGO

${letterhead}

**{{arrendatario.nombre}}**
{{#si arrendatario.domicilio}}{{arrendatario.domicilio}}
{{/si}}Presente.

**Asunto:** adeudo del arrendamiento del inmueble ubicado en {{inmueble.domicilio}} (incidencia {{incidencia.numero}}).

Por cuenta de {{arrendador.nombre}}, arrendador del inmueble, le escribimos en relación con el contrato de arrendamiento vigente desde el {{poliza.inicio_vigencia}}. A la fecha, nuestros registros muestran el siguiente adeudo:

${debts}

${notes}

Le requerimos cubrir el total adeudado dentro de los cinco días naturales siguientes a la recepción de esta carta, o comunicarse con nosotros en ese plazo para acordar la forma de pago. ${howToPay}

De no recibir el pago ni una propuesta en ese plazo, el arrendador podrá ejercer las acciones legales que el contrato y la ley le conceden.

Atentamente,

[[firmas]]
`;

const guarantorLetter = `# CARTA A OBLIGADOS SOLIDARIOS

${letterhead}

**{{obligado.nombre}}**
{{#si obligados.lista}}{{obligados.lista}}
{{/si}}Presente.

**Asunto:** adeudo del arrendamiento del inmueble ubicado en {{inmueble.domicilio}} (incidencia {{incidencia.numero}}).

En el contrato de arrendamiento celebrado a partir del {{poliza.inicio_vigencia}} entre {{arrendador.nombre}}, como arrendador, y {{arrendatario.nombre}}, como arrendatario, usted se constituyó en obligado solidario de las obligaciones del arrendatario.

Le informamos que el arrendatario tiene el siguiente adeudo:

${debts}

${notes}

Como obligado solidario, usted responde de este adeudo junto con el arrendatario. Le invitamos a comunicarse con nosotros dentro de los cinco días naturales siguientes a la recepción de esta carta para acordar su pago. ${howToPay}

Atentamente,

[[firmas]]
`;

const paymentAgreement = `# CONVENIO DE PAGO

En la {{sucursal.nombre}}, el {{fecha.hoy}}, {{arrendador.nombre}}, en lo sucesivo «EL ARRENDADOR», {{arrendatario.nombre}}, en lo sucesivo «EL ARRENDATARIO»{{#si obligado.nombre}}, y {{obligado.nombre}}, en lo sucesivo «EL OBLIGADO SOLIDARIO»{{/si}}, celebran el presente convenio de pago respecto del contrato de arrendamiento del inmueble ubicado en {{inmueble.domicilio}}, vigente desde el {{poliza.inicio_vigencia}} (incidencia {{incidencia.numero}}), al tenor de las siguientes

## CLÁUSULAS

**PRIMERA. Adeudo.** EL ARRENDATARIO reconoce que a la fecha adeuda a EL ARRENDADOR lo siguiente:

${debts}

**SEGUNDA. Forma de pago.** EL ARRENDATARIO se obliga a pagar {{convenio.total_letra}} en {{convenio.numero_parcialidades}}, en las fechas e importes siguientes:
{{convenio.parcialidades}}

**TERCERA. Lugar de pago.** ${howToPay.replace('Si ya realizó el pago, le pedimos enviarnos el comprobante y disculpar este aviso.', 'Cada pago se acreditará a la parcialidad que corresponda.')}

**CUARTA. Incumplimiento.** Si EL ARRENDATARIO no paga completa una parcialidad en su fecha, este convenio se tendrá por incumplido y EL ARRENDADOR podrá exigir el saldo pendiente y ejercer las acciones legales que el contrato y la ley le conceden.

**QUINTA. Contrato.** Salvo lo aquí convenido, el contrato de arrendamiento sigue vigente en todos sus términos. Este convenio no es una novación de las obligaciones del contrato.

{{#si obligado.nombre}}**SEXTA. Obligado solidario.** EL OBLIGADO SOLIDARIO conviene en que su obligación solidaria comprende las obligaciones de este convenio.{{/si}}

Leído el presente convenio y enteradas las partes de su contenido y alcance, lo firman de conformidad.

[[firmas]]
`;

const lawsuitSummary = `# RESUMEN PARA DEMANDA

**Documento interno para el abogado de la oficina: borrador para su revisión, no se entrega al arrendatario ni a los obligados solidarios.**

**Incidencia:** {{incidencia.numero}} ({{incidencia.tipo}}), abierta el {{incidencia.fecha_apertura}}
**Póliza:** {{poliza.folio}} ({{poliza.tipo}})
{{#si demanda.juzgado}}**Juzgado:** {{demanda.juzgado}}
{{/si}}{{#si demanda.expediente}}**Expediente judicial:** {{demanda.expediente}}
{{/si}}**Elaborado el:** {{fecha.hoy}}

## PARTES

**Arrendador:** {{arrendador.nombre}}{{#si arrendador.domicilio}}, con domicilio en {{arrendador.domicilio}}{{/si}}
**Arrendatario(s):** {{arrendatario.nombre}}
{{#si arrendatarios.lista}}{{arrendatarios.lista}}
{{/si}}{{#si obligado.nombre}}**Obligado(s) solidario(s):** {{obligado.nombre}}
{{#si obligados.lista}}{{obligados.lista}}
{{/si}}{{/si}}
## DATOS DEL CONTRATO

**Inmueble:** {{inmueble.domicilio}} ({{inmueble.tipo}})
**Vigencia:** {{poliza.meses}} meses a partir del {{poliza.inicio_vigencia}}{{#si poliza.fin_vigencia}}, hasta el {{poliza.fin_vigencia}}{{/si}}
**Renta mensual:** {{renta.importe_letra}}
{{#si renta.deposito}}**Depósito en garantía:** {{renta.deposito}}
{{/si}}{{#si renta.plazo_gracia}}**Plazo de gracia:** {{renta.plazo_gracia}}
{{/si}}{{#si renta.interes_moratorio}}**Interés moratorio pactado:** {{renta.interes_moratorio}}
{{/si}}**Tipo de póliza:** {{poliza.tipo}}

## HECHOS

{{demanda.hechos}}

## PRESTACIONES

${debts}

## PAGARÉS

{{#si pagares.lista}}{{pagares.lista}}{{/si}}{{#no pagares.lista}}La póliza no tiene calendario de rentas en el portal: revise los pagarés en el expediente.{{/no}}

## DESCRIPCIÓN DE LA INCIDENCIA

{{incidencia.descripcion}}
`;

export const claimDefaultTemplateBodies: Record<ClaimDocumentKind, string> = {
  payment_demand: paymentDemand,
  guarantor_letter: guarantorLetter,
  payment_agreement: paymentAgreement,
  lawsuit_summary: lawsuitSummary,
};
