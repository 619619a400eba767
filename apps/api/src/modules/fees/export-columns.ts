import type { BillingBranch, BillingReport } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

type BillingExportRow = Omit<BillingBranch, 'branchId' | 'discountItems'> & { month: string };

/** One row per branch, then the totals ('Total'): the figures as the screen names them. */
export function billingExportRows(report: BillingReport): BillingExportRow[] {
  return [...report.branches.map((branch) => ({ ...branch, month: report.month })), { ...report.totals, branchName: 'Total', month: report.month }];
}

export const billingExportColumns: ReadonlyArray<ExportColumn<BillingExportRow>> = [
  { header: 'Mes', value: (row) => row.month, width: 10 },
  { header: 'Sucursal', value: (row) => row.branchName, width: 22 },
  { header: 'Pólizas cotizadas', value: (row) => row.quoted.count, width: 10 },
  { header: 'Honorarios cotizados (subtotal)', value: (row) => row.quoted.subtotal, width: 16 },
  { header: 'IVA cotizado', value: (row) => row.quoted.iva, width: 14 },
  { header: 'Total cotizado', value: (row) => row.quoted.total, width: 16 },
  { header: 'Cobrado', value: (row) => row.collected.received, width: 14 },
  { header: 'Reversiones', value: (row) => row.collected.reversed, width: 14 },
  { header: 'Cobrado neto', value: (row) => row.collected.net, width: 14 },
  { header: 'Pólizas con saldo', value: (row) => row.pending.count, width: 10 },
  { header: 'Pendiente', value: (row) => row.pending.amount, width: 14 },
  { header: 'Descuentos', value: (row) => row.discounts.count, width: 10 },
  { header: 'Importe de descuentos', value: (row) => row.discounts.amount, width: 14 },
  { header: 'Facturas emitidas', value: (row) => row.invoices.issued.count, width: 10 },
  { header: 'Total facturado', value: (row) => row.invoices.issued.total, width: 14 },
  { header: 'Facturas canceladas', value: (row) => row.invoices.cancelled.count, width: 10 },
  { header: 'Total cancelado', value: (row) => row.invoices.cancelled.total, width: 14 },
];
