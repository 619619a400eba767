import {
  agreementStateLabels,
  claimTypeLabels,
  formatPesos,
  moneyWithWords,
  periodLabel,
  spanishLongDate,
  type AgreementState,
  type ClaimDocumentKind,
  type ClaimType,
  type InstalmentState,
  type Policy,
} from '@portal/domain';
import type { Signature } from '../../contracts/index';
import type { ClaimedMonth } from '../repository/claims';
import type { ScheduleMonth } from '../repository/documents';

/*
 * The values of an incidencia's placeholders (issue 33) and who signs each document. Pure: the
 * service reads, this lays out. Lists are one line per item; a missing or zero value is '' (the
 * template gives it its own sentence, or none, with {{#si}}/{{#no}}).
 */

export interface ClaimFacts {
  number: string;
  type: ClaimType;
  openedOn: string;
  description: string;
  rentCents: number;
  servicesCents: number;
  damagesCents: number;
  /** The months in arrears the case claims, oldest first. */
  arrearsMonths: ClaimedMonth[];
  /** The policy's rent schedule (empty without one): each month's seq is its pagaré's number. */
  schedule: ScheduleMonth[];
  agreement: {
    state: AgreementState;
    createdOn: string;
    instalments: { seq: number; dueOn: string; amountCents: number; paidCents: number; state: InstalmentState }[];
  } | null;
  contacts: { count: number; lastOn: string | null };
  recoveredCents: number;
  lawsuit: { court: string; caseNumber: string } | null;
  today: string;
}

const pesosOrEmpty = (cents: number) => (cents > 0 ? formatPesos(cents) : '');
const withWords = (cents: number) => moneyWithWords(cents / 100);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The schedule's month a claimed period falls in (its pagaré), if the policy has a schedule. */
function monthOf(facts: ClaimFacts, period: string): ScheduleMonth | undefined {
  return facts.schedule.find((month) => month.dueOn.slice(0, 7) === period);
}

/** 'enero 2027: $18,500.00 — pagaré 2 de 12, venció el 1 de enero de 2027', one a line. */
function monthLines(facts: ClaimFacts): string {
  return facts.arrearsMonths
    .map((claimed) => {
      const month = monthOf(facts, claimed.period);
      const pagare = month ? ` — pagaré ${month.seq} de ${facts.schedule.length}, venció el ${spanishLongDate(month.dueOn)}` : '';
      return `${periodLabel(claimed.period)}: ${formatPesos(claimed.amountCents)}${pagare}`;
    })
    .join('\n');
}

/** 'Pagaré 2 de 12: vence el 1 de enero de 2027, por $18,500.00', for each claimed month with one. */
function pagareLines(facts: ClaimFacts): string {
  return facts.arrearsMonths
    .flatMap((claimed) => {
      const month = monthOf(facts, claimed.period);
      return month ? [`Pagaré ${month.seq} de ${facts.schedule.length}: vence el ${spanishLongDate(month.dueOn)}, por ${formatPesos(month.amountDue)}`] : [];
    })
    .join('\n');
}

function agreementValues(facts: ClaimFacts): Record<string, string> {
  const agreement = facts.agreement;
  if (!agreement) return { 'convenio.parcialidades': '', 'convenio.numero_parcialidades': '', 'convenio.total': '', 'convenio.total_letra': '' };
  const total = agreement.instalments.reduce((sum, row) => sum + row.amountCents, 0);
  return {
    'convenio.parcialidades': agreement.instalments.map((row) => `${row.seq}. ${spanishLongDate(row.dueOn)}: ${formatPesos(row.amountCents)}`).join('\n'),
    'convenio.numero_parcialidades': plural(agreement.instalments.length, 'parcialidad', 'parcialidades'),
    'convenio.total': formatPesos(total),
    'convenio.total_letra': withWords(total),
  };
}

/** How the agreement ended, or stands, in one sentence of the facts. */
function agreementFact(agreement: NonNullable<ClaimFacts['agreement']>): string {
  const total = agreement.instalments.reduce((sum, row) => sum + row.amountCents, 0);
  const paid = agreement.instalments.reduce((sum, row) => sum + row.paidCents, 0);
  const missed = agreement.instalments.find((row) => row.state === 'late');
  const opening = `El ${spanishLongDate(agreement.createdOn)} se celebró un convenio de pago de ${plural(agreement.instalments.length, 'parcialidad', 'parcialidades')} por ${formatPesos(total)}`;
  if (agreement.state === 'broken' && missed) {
    return `${opening}, que se incumplió: la parcialidad ${missed.seq}, con vencimiento el ${spanishLongDate(missed.dueOn)}, no se pagó completa (se pagaron ${formatPesos(paid)} del convenio).`;
  }
  return `${opening}; su estado es «${agreementStateLabels[agreement.state]}» y se han pagado ${formatPesos(paid)}.`;
}

/**
 * 'Hechos' for the lawyer, numbered: the contract, the pagarés, the schedule, what is owed, the
 * agreement and the collection work. `policy` is the contract's placeholders' values.
 */
function facts(claim: ClaimFacts, policy: Record<string, string>): string {
  const lines: string[] = [];
  const guarantors = policy['obligado.nombre'] ? `; ${policy['obligado.nombre']} se obligó solidariamente con el arrendatario` : '';
  const rent = policy['renta.importe'] ? `, con una renta mensual de ${policy['renta.importe']}` : '';
  const start = policy['poliza.inicio_vigencia'] ? `a partir del ${policy['poliza.inicio_vigencia']}` : 'en la fecha que consta en el contrato';
  lines.push(`${policy['arrendador.nombre']}, como arrendador, y ${policy['arrendatario.nombre']}, como arrendatario, celebraron un contrato de arrendamiento del inmueble ubicado en ${policy['inmueble.domicilio']}, por ${policy['poliza.meses']} meses ${start}${rent}${guarantors}.`);
  const schedule = claim.schedule;
  if (schedule.length > 0) {
    lines.push(`Para documentar el pago de las rentas, el arrendatario suscribió ${plural(schedule.length, 'pagaré', 'pagarés')}, uno por cada mes del contrato, con vencimiento el día de pago de cada renta.`);
    const due = schedule.filter((month) => month.dueOn <= claim.today);
    const paid = due.filter((month) => month.state === 'paid' || month.state === 'paid_late').length;
    const waived = due.filter((month) => month.state === 'waived').length;
    const waivedText = waived > 0 ? `, ${plural(waived, 'condonado', 'condonados')}` : '';
    lines.push(`Según el calendario de rentas, al ${spanishLongDate(claim.today)} habían vencido ${due.length} de los ${schedule.length} meses: ${plural(paid, 'pagado', 'pagados')}${waivedText} y ${due.length - paid - waived} sin pagar completos.`);
  }
  if (claim.arrearsMonths.length > 0) {
    const months = claim.arrearsMonths.map((claimed) => {
      const month = monthOf(claim, claimed.period);
      return `${periodLabel(claimed.period)} (${formatPesos(claimed.amountCents)}${month ? `, pagaré ${month.seq} de ${schedule.length}` : ''})`;
    });
    lines.push(`El arrendatario dejó de pagar ${plural(claim.arrearsMonths.length, 'mes', 'meses')} de renta por ${formatPesos(claim.rentCents)}: ${months.join('; ')}.`);
  } else if (claim.rentCents > 0) lines.push(`Se reclaman rentas no pagadas por ${formatPesos(claim.rentCents)}.`);
  if (claim.servicesCents > 0) lines.push(`Además, quedaron servicios sin pagar por ${formatPesos(claim.servicesCents)}.`);
  if (claim.damagesCents > 0) lines.push(`Se reclaman daños al inmueble por ${formatPesos(claim.damagesCents)}.`);
  if (claim.agreement) lines.push(agreementFact(claim.agreement));
  if (claim.contacts.count > 0 && claim.contacts.lastOn) {
    lines.push(`La oficina realizó ${plural(claim.contacts.count, 'gestión', 'gestiones')} de cobro extrajudicial con el arrendatario y los obligados solidarios; la última, el ${spanishLongDate(claim.contacts.lastOn)}.`);
  }
  const total = claim.rentCents + claim.servicesCents + claim.damagesCents;
  const recovered = claim.recoveredCents > 0 ? `, de los que se han recuperado ${formatPesos(claim.recoveredCents)}` : '';
  lines.push(`Al ${spanishLongDate(claim.today)}, lo reclamado asciende a ${withWords(total)}${recovered}.`);
  return lines.map((line, index) => `${index + 1}. ${line}`).join('\n');
}

/** Every incidencia placeholder's value (placeholders.ts lists them), beside the contract's. */
export function claimValues(claim: ClaimFacts, policy: Record<string, string>): Record<string, string> {
  const total = claim.rentCents + claim.servicesCents + claim.damagesCents;
  const months = claim.arrearsMonths.length;
  return {
    ...policy,
    'incidencia.numero': claim.number,
    'incidencia.tipo': claimTypeLabels[claim.type],
    'incidencia.fecha_apertura': spanishLongDate(claim.openedOn),
    'incidencia.descripcion': claim.description,
    'incidencia.meses': monthLines(claim),
    'incidencia.numero_meses': months > 0 ? plural(months, 'mes', 'meses') : '',
    'incidencia.rentas': pesosOrEmpty(claim.rentCents),
    'incidencia.servicios': pesosOrEmpty(claim.servicesCents),
    'incidencia.danos': pesosOrEmpty(claim.damagesCents),
    'incidencia.total': formatPesos(total),
    'incidencia.total_letra': withWords(total),
    'pagares.lista': pagareLines(claim),
    ...agreementValues(claim),
    'demanda.hechos': facts(claim, policy),
    'demanda.juzgado': claim.lawsuit?.court ?? '',
    'demanda.expediente': claim.lawsuit?.caseNumber ?? '',
  };
}

/**
 * Who signs: the parties sign the agreement; the letters go out signed by the person in charge
 * of the case for the branch; the demand summary is internal and unsigned.
 */
export function claimSignatures(kind: ClaimDocumentKind, policy: Policy, values: Record<string, string>, signer: string): Signature[] {
  if (kind === 'lawsuit_summary') return [];
  if (kind !== 'payment_agreement') return [{ role: values['sucursal.nombre'] ?? '', name: signer }];
  const guarantors = values['obligado.nombre'] ? policy.guarantors : [];
  return [
    { role: 'EL ARRENDADOR', name: policy.property.owner.name },
    ...policy.tenants.map((tenant) => ({ role: 'EL ARRENDATARIO', name: tenant.name })),
    ...guarantors.map((guarantor) => ({ role: 'EL OBLIGADO SOLIDARIO', name: guarantor.name })),
  ];
}
