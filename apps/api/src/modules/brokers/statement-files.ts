import type { Content, TableCell } from 'pdfmake/interfaces';
import { brokerKindLabels, formatPesos, periodLabel, spanishLongDate, type BrokerStatement, type CommissionPayout, type StatementRow } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

/*
 * The broker's monthly statement as files (issue 34): a PDF drawn with the contracts' engine
 * (pdfmake, Roboto) — every value a person typed goes in as a placeholder's value, never as
 * markup — and a CSV of the same rows through the export helper.
 */

const header = (labels: string[]): TableCell[] => labels.map((text) => ({ text, style: 'tableHeader' }));
const cell = (text: string, extra: Record<string, unknown> = {}): TableCell => ({ text, style: 'tableCell', ...extra });
const pesos = (amount: string, extra: Record<string, unknown> = {}): TableCell => cell(formatPesos(amount), { alignment: 'right', ...extra });
const shortDate = (day: string) => day.split('-').reverse().join('/');

function policiesTable(statement: BrokerStatement): Content {
  if (statement.rows.length === 0) return { text: 'Sin movimientos en el mes.', style: 'paragraph' };
  const rows = statement.rows.map((row) => [
    cell(row.folio, { noWrap: true }),
    cell([row.tenantNames, row.address].filter(Boolean).join(' · ')),
    pesos(row.collected),
    pesos(row.earned),
    pesos(row.paid),
    pesos(row.owed),
  ]);
  const { totals } = statement;
  const total = [cell('Totales', { colSpan: 2, bold: true }), cell(''), pesos(totals.collected, { bold: true }), pesos(totals.earned, { bold: true }), pesos(totals.paid, { bold: true }), pesos(totals.owed, { bold: true })];
  return {
    table: { headerRows: 1, widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto'], body: [header(['Póliza', 'Inquilino y domicilio', 'Honorarios cobrados', 'Comisión ganada', 'Comisión pagada', 'Por pagar']), ...rows, total] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

function payoutsTable(payouts: CommissionPayout[]): Content {
  if (payouts.length === 0) return { text: 'Sin pagos de comisiones en el mes.', style: 'paragraph' };
  const rows = payouts.map((payout) => {
    const struck = payout.reversal ? { decoration: 'lineThrough' } : {};
    return [
      cell(shortDate(payout.paidOn)),
      cell(payout.reversal ? `${payout.reference} (REVERTIDO: ${payout.reversal.reason})` : payout.reference),
      pesos(payout.gross, struck),
      pesos(payout.iva, struck),
      pesos(payout.isrWithheld, struck),
      pesos(payout.ivaWithheld, struck),
      pesos(payout.net, struck),
    ];
  });
  return {
    table: { headerRows: 1, widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto'], body: [header(['Fecha', 'Referencia', 'Comisión', 'IVA', 'Retención ISR', 'Retención IVA', 'Neto transferido']), ...rows] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

const body = [
  '# ESTADO DE CUENTA DE COMISIONES',
  '**{{nombre}}** ({{tipo}}){{#si rfc}} · RFC {{rfc}}{{/si}}',
  'Periodo: {{periodo}}, del {{desde}} al {{hasta}}. Sucursal {{sucursal}}.',
  '## Pólizas',
  '[[polizas]]',
  '## Pagos de comisiones del mes',
  '[[pagos]]',
  '## Resumen',
  'Comisión ganada en el mes: {{ganada}}\nComisión pagada en el mes: {{pagada}}\nIVA de la comisión: {{iva}}\nRetención de ISR ({{isr_pct}} %): {{isr}}\nRetención de IVA ({{iva_ret_pct}} %): {{iva_ret}}\nNeto transferido: {{neto}}',
  '**Por pagar al cierre del mes: {{por_pagar}}**',
].join('\n\n');

/**
 * The contracts module's renderDocument as far as the statement uses it (app.ts hands it in):
 * a body in the templates' markup, its placeholders' values and named tables.
 */
export type DrawDocument = (input: {
  kind: 'lease';
  subject: string;
  body: string;
  copies: Array<Record<string, string>>;
  signatures: never[];
  initials: number;
  paperSize: 'letter';
  title: string;
  blocks: Record<string, Content>;
  maxPages: number;
}) => Promise<{ bytes: Buffer }>;

export async function statementPdf(draw: DrawDocument, statement: BrokerStatement): Promise<Buffer> {
  const { broker, totals } = statement;
  const values: Record<string, string> = {
    nombre: broker.name,
    tipo: brokerKindLabels[broker.kind],
    rfc: broker.rfc,
    periodo: periodLabel(statement.month),
    desde: spanishLongDate(statement.from),
    hasta: spanishLongDate(statement.to),
    sucursal: broker.branchName,
    ganada: formatPesos(totals.earned),
    pagada: formatPesos(totals.paid),
    iva: formatPesos(totals.iva),
    isr_pct: broker.isrWithholdingPercent,
    isr: formatPesos(totals.isrWithheld),
    iva_ret_pct: broker.ivaWithholdingPercent,
    iva_ret: formatPesos(totals.ivaWithheld),
    neto: formatPesos(totals.net),
    por_pagar: formatPesos(totals.owed),
  };
  const rendered = await draw({
    kind: 'lease',
    subject: 'Estado de cuenta de comisiones',
    body,
    copies: [values],
    signatures: [],
    initials: 0,
    paperSize: 'letter',
    title: `Estado de cuenta de comisiones ${broker.name} ${statement.month}`,
    blocks: { polizas: policiesTable(statement), pagos: payoutsTable(statement.payouts) },
    maxPages: 200,
  });
  return rendered.bytes;
}

/** One line of the CSV: a policy's figures, a payout with its withholdings, or the totals. */
export type StatementLine = { kind: 'policy'; row: StatementRow } | { kind: 'payout'; payout: CommissionPayout } | { kind: 'total'; statement: BrokerStatement };

export function statementLines(statement: BrokerStatement): StatementLine[] {
  return [
    ...statement.rows.map((row) => ({ kind: 'policy' as const, row })),
    ...statement.payouts.map((payout) => ({ kind: 'payout' as const, payout })),
    { kind: 'total', statement },
  ];
}

const concept = (line: StatementLine) => (line.kind === 'policy' ? 'Póliza' : line.kind === 'payout' ? (line.payout.reversal ? 'Pago revertido' : 'Pago de comisiones') : 'Total');
const pick = (line: StatementLine, policy: (row: StatementRow) => string | null, payout: (payout: CommissionPayout) => string | null, total: (statement: BrokerStatement) => string | null) =>
  line.kind === 'policy' ? policy(line.row) : line.kind === 'payout' ? payout(line.payout) : total(line.statement);
const none = () => null;

export const statementColumns: ReadonlyArray<ExportColumn<StatementLine>> = [
  { header: 'Concepto', value: concept, width: 18 },
  { header: 'Póliza o referencia', value: (line) => pick(line, (row) => row.folio, (payout) => payout.reference, none), width: 22 },
  { header: 'Fecha', value: (line) => (line.kind === 'payout' ? { day: line.payout.paidOn } : null), width: 12 },
  { header: 'Inquilino', value: (line) => pick(line, (row) => row.tenantNames, none, none), width: 28 },
  { header: 'Domicilio', value: (line) => pick(line, (row) => row.address, none, none), width: 40 },
  { header: 'Honorarios cobrados', value: (line) => pick(line, (row) => row.collected, none, (s) => s.totals.collected), width: 14 },
  { header: 'Comisión ganada', value: (line) => pick(line, (row) => row.earned, none, (s) => s.totals.earned), width: 14 },
  { header: 'Comisión pagada', value: (line) => pick(line, (row) => row.paid, (payout) => payout.gross, (s) => s.totals.paid), width: 14 },
  { header: 'Por pagar', value: (line) => pick(line, (row) => row.owed, none, (s) => s.totals.owed), width: 14 },
  { header: 'IVA', value: (line) => pick(line, none, (payout) => payout.iva, (s) => s.totals.iva), width: 12 },
  { header: 'Retención ISR', value: (line) => pick(line, none, (payout) => payout.isrWithheld, (s) => s.totals.isrWithheld), width: 12 },
  { header: 'Retención IVA', value: (line) => pick(line, none, (payout) => payout.ivaWithheld, (s) => s.totals.ivaWithheld), width: 12 },
  { header: 'Neto transferido', value: (line) => pick(line, none, (payout) => payout.net, (s) => s.totals.net), width: 14 },
];
