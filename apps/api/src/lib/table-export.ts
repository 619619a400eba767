import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@portal/domain';

/** A cell of an exported row: text, a number, a calendar day (`yyyy-MM-dd`, as `{ day }`), or empty. */
type ExportCell = string | number | { day: string } | null;

/** One column of an export: its Spanish header (as on screen) and how a row fills it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => ExportCell;
  /** Width in characters in the XLSX sheet. */
  width?: number;
}

interface TableExport<T> {
  format: ExportFormat;
  /** Saved as (Content-Disposition), e.g. polizas_2026-11-24.csv. */
  fileName: string;
  /** The XLSX sheet's name. */
  sheetName: string;
  columns: ReadonlyArray<ExportColumn<T>>;
  /** The rows, batch by batch (keyset reads): the file is written as they arrive. */
  batches: AsyncIterable<T[]>;
}

/**
 * Byte order mark: without it Excel reads a CSV in the system's code page (Windows-1252 in
 * Spanish), and 'Pérez' shows as 'PÃ©rez'. UTF-8 readers skip it.
 */
const utf8Bom = '\uFEFF';

/** dd/MM/yyyy: what Excel in Spanish (Mexico) reads as a date from a CSV. */
function dayMonthYear(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). A text that starts
 * like a formula (= + - @) gets a leading apostrophe, so a spreadsheet shows it instead of running
 * it (names and addresses are typed by users: CSV injection). A plain number ('-12.50', an amount
 * taken back) is no formula and stays as it is, so a spreadsheet reads it as a number.
 */
const plainNumber = /^-?\d+(\.\d+)?$/;

function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = typeof cell === 'string' ? (plainNumber.test(cell) ? cell : cell.replace(/^[=+\-@\t\r]/, "'$&")) : dayMonthYear(cell.day);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: ExportCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** The CSV as a stream: BOM and headers, then one chunk per batch (never the whole file in memory). */
function csvStream<T>(table: TableExport<T>): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(utf8Bom + csvLine(table.columns.map((column) => column.header)));
      for await (const batch of table.batches) {
        if (batch.length === 0) continue;
        yield Buffer.from(batch.map((row) => csvLine(table.columns.map((column) => column.value(row)))).join(''));
      }
    })(),
    { objectMode: false },
  );
}

/** An XLSX cell: calendar days become real dates (shown dd/mm/yyyy), the rest as they are. */
function xlsxValue(cell: ExportCell): ExcelJS.CellValue {
  if (cell === null || typeof cell !== 'object') return cell;
  return new Date(`${cell.day}T00:00:00Z`);
}

/** One row, written out at once; its dates shown as days (a number format on those cells only). */
function addXlsxRow(sheet: ExcelJS.Worksheet, values: ExcelJS.CellValue[]) {
  const row = sheet.addRow(values);
  values.forEach((value, index) => {
    if (value instanceof Date) row.getCell(index + 1).numFmt = 'dd/mm/yyyy';
  });
  row.commit();
}

/**
 * The XLSX through exceljs' streaming writer: each row is committed (written to the zip and
 * dropped) as it comes, so the sheet never sits whole in memory. A failure destroys the stream:
 * the client sees a cut download, never a well-formed partial file.
 */
function xlsxStream<T>(table: TableExport<T>): Readable {
  const output = new PassThrough();
  const write = async () => {
    // exceljs (0.6 MB of JavaScript and its zip libraries) is read on the first XLSX, not at every start (issue 30).
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(table.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.columns.map((column, index) => ({ key: String(index), width: column.width ?? 16 }));
    const header = sheet.addRow(table.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of table.batches) {
      for (const row of batch) addXlsxRow(sheet, table.columns.map((column) => xlsxValue(column.value(row))));
      // Let the socket take what this batch made before reading the next one.
      if (output.writableNeedDrain) await new Promise((resolve) => output.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `attachment` with an ASCII name for old clients and the exact one (RFC 5987) for the rest. */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers with the rows as a CSV or XLSX download, streamed batch by batch. */
export function sendTableExport<T>(reply: FastifyReply, table: TableExport<T>): FastifyReply {
  const body = table.format === 'xlsx' ? xlsxStream(table) : csvStream(table);
  return reply
    .type(contentTypes[table.format])
    .header('content-disposition', attachment(table.fileName))
    .header('cache-control', 'no-store')
    .send(body);
}

/** An export in words for the access log: what was exported and with which filters (issue 19). */
export function exportSubject(what: string, query: object): string {
  const filters = Object.entries(query)
    .filter(([key, value]) => key !== 'format' && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  const format = 'format' in query ? ` (${String(query.format).toUpperCase()})` : '';
  return `${what}${format}${filters.length ? `, filtros: ${filters.join(', ')}` : ''}`;
}
