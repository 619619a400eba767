import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  arrearsSummary,
  businessDate,
  businessTimeZone,
  centsToMoney,
  formatAddress,
  formatPesos,
  moneyToCents,
  pagareStateLabels,
  pagareStateNotes,
  paymentMethodLabels,
  periodLabel,
  policyDisplayFolio,
  rentMonthStateLabels,
  spanishLongDate,
  type Policy,
  type RentLedger,
  type RentMonth,
  type RentPayment,
} from '@portal/domain';
import type { NamedBlocks, PlaceholderValues } from '../contracts/index';

/*
 * The owner's statement (issue 32): the placeholders' values and the two tables the 'Estado de
 * cuenta' template names ([[meses]], [[pagos]]), from the ledger as GET /rents answers it. Pure:
 * the service reads, this lays out. The cut-off is today in Mexico City: a month is owed once its
 * due date has come, whatever its grace days (they only decide when it is late).
 */

export interface StatementSetting {
  branch: { name: string; address: Policy['property']['address'] };
  /** The instant of issue; its day in Mexico City is the cut-off. */
  now: Date;
}

const cents = (money: string) => moneyToCents(money.replace(/^-/, '')) ?? 0;
const sum = (amounts: string[]) => amounts.reduce((total, amount) => total + cents(amount), 0);
const pesosOrEmpty = (amountCents: number) => (amountCents > 0 ? formatPesos(amountCents) : '');
const branchName = (name: string) => (/^sucursal\b/i.test(name.trim()) ? name.trim() : `Sucursal ${name.trim()}`);

let clock: Intl.DateTimeFormat | undefined;
/** '28 de noviembre de 2026 a las 17:23 h (hora de la Ciudad de México)'. */
function issuedAt(now: Date): string {
  clock ??= new Intl.DateTimeFormat('en-GB', { timeZone: businessTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${spanishLongDate(businessDate(now))} a las ${clock.format(now)} h (hora de la Ciudad de México)`;
}

/** '01/12/2026': the tables' dates, short enough for a column. */
function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The months whose due date has come by the cut-off (waived ones owe nothing). */
function dueByCutOff(ledger: RentLedger, cutOff: string): RentMonth[] {
  return ledger.rows.filter((row) => row.dueOn <= cutOff && row.state !== 'waived');
}

export function statementValues(policy: Policy, ledger: RentLedger, setting: StatementSetting): PlaceholderValues {
  const cutOff = businessDate(setting.now);
  const due = dueByCutOff(ledger, cutOff);
  const dueCents = sum(due.map((row) => row.amountDue));
  const paidCents = sum(due.map((row) => row.paid));
  const aheadCents = sum(ledger.rows.filter((row) => row.dueOn > cutOff).map((row) => row.paid));
  const start = policy.property.rent.contractStartDate;
  return {
    'poliza.folio': policyDisplayFolio(policy),
    'poliza.folio_investigacion': policy.investigationId,
    'poliza.inicio_vigencia': start ? spanishLongDate(start) : '',
    'poliza.fin_vigencia': policy.endDate ? spanishLongDate(policy.endDate) : '',
    'poliza.meses': String(policy.termMonths),
    'arrendador.nombre': policy.property.owner.name,
    'arrendatario.nombre': policy.tenants.map((tenant) => tenant.name).join(', '),
    'inmueble.domicilio': formatAddress(policy.property.address),
    'sucursal.nombre': branchName(setting.branch.name),
    'sucursal.domicilio': setting.branch.address.street.trim() ? formatAddress(setting.branch.address) : '',
    'fecha.hoy': spanishLongDate(cutOff),
    'estado.fecha_emision': issuedAt(setting.now),
    'estado.corte': spanishLongDate(cutOff).toUpperCase(),
    'estado.exigible': formatPesos(dueCents),
    'estado.pagado': formatPesos(paidCents),
    'estado.saldo': formatPesos(Math.max(0, dueCents - paidCents)),
    'estado.adelantado': pesosOrEmpty(aheadCents),
    'estado.saldo_a_favor': pesosOrEmpty(cents(ledger.totals.credit)),
    'estado.atraso': arrearsSummary(ledger.arrears),
  };
}

const header = (labels: string[]): TableCell[] => labels.map((text) => ({ text, style: 'tableHeader' }));
const cell = (text: string, extra: Record<string, unknown> = {}): TableCell => ({ text, style: 'tableCell', ...extra });
const money = (amount: string, extra: Record<string, unknown> = {}): TableCell => cell(formatPesos(amount), { alignment: 'right', ...extra });

function pagareText(month: RentMonth): string {
  const { number, of, state } = month.pagare;
  const label = state === 'paid' ? `${pagareStateLabels.paid} (${pagareStateNotes.paid})` : pagareStateLabels[state];
  return `${number}/${of} · ${label}`;
}

function monthsTable(ledger: RentLedger): Content {
  const rows = ledger.rows.map((month) => [
    cell(periodLabel(month.period), { noWrap: true }),
    cell(shortDate(month.dueOn)),
    money(month.amountDue),
    money(month.paid),
    cell(month.state === 'waived' && month.waivedReason ? `${rentMonthStateLabels.waived}: ${month.waivedReason}` : rentMonthStateLabels[month.state]),
    cell(month.daysLate > 0 ? String(month.daysLate) : '—', { alignment: 'center' }),
    cell(pagareText(month)),
  ]);
  return {
    table: {
      headerRows: 1,
      widths: ['auto', 'auto', 'auto', 'auto', '*', 'auto', '*'],
      body: [header(['Mes', 'Vence', 'Importe', 'Pagado', 'Estado', 'Días de atraso', 'Pagaré']), ...rows],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

function paymentNote(payment: RentPayment): string {
  if (payment.reversal) return `REVERTIDO: ${payment.reversal.reason}`;
  return payment.appliedTo.length === 0 ? 'Saldo a favor' : `Aplicado a: ${payment.appliedTo.map((part) => periodLabel(part.period)).join(', ')}`;
}

function paymentsTable(ledger: RentLedger): Content {
  if (ledger.payments.length === 0) return { text: 'Sin pagos registrados.', style: 'paragraph' };
  const rows = ledger.payments.map((payment) => {
    const struck = payment.reversal ? { decoration: 'lineThrough' } : {};
    return [
      cell(shortDate(payment.receivedOn)),
      cell(paymentMethodLabels[payment.method]),
      cell(payment.reference || '—'),
      money(payment.amount, struck),
      cell(paymentNote(payment), payment.reversal ? { bold: true } : {}),
    ];
  });
  const standing = ledger.payments.filter((payment) => !payment.reversal).map((payment) => payment.amount);
  const total = [cell('Total recibido (sin revertidos)', { colSpan: 3, bold: true }), cell(''), cell(''), money(centsToMoney(sum(standing)), { bold: true }), cell('')];
  return {
    table: {
      headerRows: 1,
      widths: ['auto', 'auto', '*', 'auto', '*'],
      body: [header(['Recibido', 'Forma de pago', 'Referencia', 'Importe', 'Aplicación']), ...rows, total],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

export function statementBlocks(ledger: RentLedger): NamedBlocks {
  return { meses: monthsTable(ledger), pagos: paymentsTable(ledger) };
}
