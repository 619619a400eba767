import { businessDate, centsToMoney, invoiceStateLabels, moneyToCents, satPaymentFormLabels, type InvoiceList, type InvoiceListQuery, type InvoiceListRow } from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { listBranch } from '../../lib/branch-scope';
import type { ExportColumn } from '../../lib/table-export';
import { branchExists } from '../branches/index';
import * as repo from './repository';
import { toInvoice } from './service';

/*
 * The month's invoices (issue 34): issued that month in Mexico City, standing or cancelled since,
 * of one branch or (admins) all. A month of one office's fee invoices is a few hundred rows at
 * most: one answer, no pages; the export writes the same rows.
 */

const scopeMessages = { otherBranchList: 'Solo puede consultar las facturas de su sucursal', branchNotFound: 'La sucursal no existe' };

type Query = Omit<InvoiceListQuery, 'format'>;

async function rowsFor(db: Db, actor: AuthUser, query: Query): Promise<{ month: string; rows: InvoiceListRow[] }> {
  const branchId = await listBranch(actor, query.branchId === undefined ? undefined : Number(query.branchId), scopeMessages, (id) => branchExists(db, id));
  const month = query.month ?? businessDate().slice(0, 7);
  const rows = await repo.listInvoices(db, { month, branchId, state: query.state });
  return { month, rows: rows.map((row) => ({ ...toInvoice(row), policyFolio: row.policyFolio, branchId: row.branchId, branchName: row.branchName })) };
}

function summary(rows: InvoiceListRow[]) {
  const cents = rows.reduce((sum, row) => sum + moneyToCents(row.total)!, 0);
  return { count: rows.length, total: centsToMoney(cents) };
}

/** GET /api/invoices. */
export async function listInvoices(db: Db, actor: AuthUser, query: Query): Promise<InvoiceList> {
  const { month, rows } = await rowsFor(db, actor, query);
  return { month, rows, valid: summary(rows.filter((row) => row.state === 'valid')), canceled: summary(rows.filter((row) => row.state === 'canceled')) };
}

/** The same rows as the export's one batch. */
export async function* invoiceExport(db: Db, actor: AuthUser, query: Query): AsyncGenerator<InvoiceListRow[]> {
  yield (await rowsFor(db, actor, query)).rows;
}

const day = (at: string | null) => (at ? { day: businessDate(new Date(at)) } : null);

/** The list's columns as the screen names them. */
export const invoiceExportColumns: ReadonlyArray<ExportColumn<InvoiceListRow>> = [
  { header: 'Fecha', value: (row) => day(row.issuedAt), width: 12 },
  { header: 'Serie y folio', value: (row) => `${row.series}${row.folioNumber ?? ''}`, width: 12 },
  { header: 'Folio fiscal (UUID)', value: (row) => row.uuid, width: 38 },
  { header: 'Póliza', value: (row) => row.policyFolio, width: 22 },
  { header: 'Sucursal', value: (row) => row.branchName, width: 20 },
  { header: 'RFC', value: (row) => row.customer.rfc, width: 15 },
  { header: 'Razón social', value: (row) => row.customer.legalName, width: 34 },
  { header: 'Uso del CFDI', value: (row) => row.use, width: 8 },
  { header: 'Forma de pago', value: (row) => `${row.paymentForm} · ${satPaymentFormLabels[row.paymentForm] ?? ''}`, width: 24 },
  { header: 'Subtotal', value: (row) => row.subtotal, width: 14 },
  { header: 'IVA', value: (row) => row.iva, width: 12 },
  { header: 'Total', value: (row) => row.total, width: 14 },
  { header: 'Estado', value: (row) => (row.livemode ? invoiceStateLabels[row.state] : `${invoiceStateLabels[row.state]} (prueba)`), width: 16 },
  { header: 'Motivo de cancelación', value: (row) => row.cancelMotive, width: 10 },
  { header: 'Cancelada el', value: (row) => day(row.canceledAt), width: 12 },
];
