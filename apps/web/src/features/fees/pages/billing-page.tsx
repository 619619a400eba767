import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { adminRoles, businessDate, exportFileName, formatPesos, hasRole, type BillingBranch, type BillingReport } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { formatDateTime } from '@/lib/dates';
import { DownloadButton } from '@/components/download-button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useSession } from '@/features/auth';
import { BranchScopeSelect } from '@/features/branches';
import { fetchBillingExport, useBillingReport } from '../api';

/** The filters as the URL keeps them: `?mes=2027-03&sucursal=2`. */
function useBillingFilter(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('mes') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? requested : businessDate().slice(0, 7);
  const branch = Number(params.get('sucursal'));
  const branchId = isAdmin && Number.isInteger(branch) && branch > 0 ? branch : undefined;
  const change = (next: { month: string; branchId: number | undefined }) => setParams({ mes: next.month, ...(next.branchId ? { sucursal: String(next.branchId) } : {}) });
  return { month, branchId, change };
}

/** /billing: 'Facturación', per branch and month — quoted, collected, pending, discounts, invoices. */
export function BillingPage() {
  usePageTitle('Facturación');
  const isAdmin = hasRole(useSession().user?.role, adminRoles);
  const { month, branchId, change } = useBillingFilter(isAdmin);
  const query = { month, ...(branchId ? { branchId } : {}) };
  const report = useBillingReport(query);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Facturación"
        description="Honorarios cotizados, cobrados y pendientes, descuentos y facturas, por sucursal y mes."
        actions={
          <>
            <TextField label="Mes" type="month" value={month} onChange={(event) => event.target.value && change({ month: event.target.value, branchId })} className="w-44" />
            {isAdmin ? <BranchScopeSelect value={branchId ?? 'all'} onChange={(chosen) => change({ month, branchId: chosen === 'all' ? undefined : chosen })} /> : null}
            {(['csv', 'xlsx'] as const).map((format) => (
              <DownloadButton
                key={format}
                variant="secondary"
                label={`Exportar ${format.toUpperCase()}`}
                fetchFile={() => fetchBillingExport(query, format)}
                fileName={exportFileName(`facturacion_${month}`, format, businessDate())}
                errorTitle="No se pudo exportar"
              />
            ))}
          </>
        }
      />
      <QueryState
        query={report}
        loading="Cargando facturación..."
        errorTitle="Error al cargar la facturación"
        isEmpty={(data) => data.totals.quoted.count === 0 && data.totals.collected.received === '0.00' && data.totals.pending.count === 0 && data.totals.invoices.issued.count === 0}
        empty={<EmptyState title="Sin movimientos" description="No hay honorarios cotizados, cobrados ni pendientes en este mes." />}
      >
        {(data) => <BillingContent report={data} />}
      </QueryState>
    </div>
  );
}

/** A figure and, under it, what it is made of: six columns read on a 1366 px laptop without scrolling. */
function Figure({ main, detail }: { main: string; detail: string }) {
  return (
    <>
      <span className="block">{main}</span>
      <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{detail}</span>
    </>
  );
}

const policiesText = (count: number) => `${count} ${count === 1 ? 'póliza' : 'pólizas'}`;

/** The table's columns; the exports carry every figure in its own column. */
const columns: Array<[string, (row: BillingReport['totals']) => ReactNode]> = [
  ['Cotizado', (row) => <Figure main={formatPesos(row.quoted.total)} detail={`${policiesText(row.quoted.count)} · IVA ${formatPesos(row.quoted.iva)}`} />],
  ['Cobrado neto', (row) => <Figure main={formatPesos(row.collected.net)} detail={`Reversiones ${formatPesos(row.collected.reversed)}`} />],
  ['Pendiente', (row) => <Figure main={formatPesos(row.pending.amount)} detail={policiesText(row.pending.count)} />],
  ['Descuentos', (row) => <Figure main={formatPesos(row.discounts.amount)} detail={policiesText(row.discounts.count)} />],
  [
    'Facturas',
    (row) => (
      <Figure
        main={`${row.invoices.issued.count} emitidas · ${formatPesos(row.invoices.issued.total)}`}
        detail={`${row.invoices.cancelled.count} canceladas · ${formatPesos(row.invoices.cancelled.total)}`}
      />
    ),
  ],
];

function BillingContent({ report }: { report: BillingReport }) {
  const discounts = report.branches.flatMap((branch) => branch.discountItems.map((item) => ({ ...item, branchName: branch.branchName })));
  return (
    <>
      <Card className="overflow-x-auto p-0">
        <Table label={`Facturación de ${report.month}`} className="min-w-[48rem]">
          <TableHead>
            <Tr>
              <Th>Sucursal</Th>
              {columns.map(([label]) => (
                <Th key={label} className="text-right">
                  {label}
                </Th>
              ))}
            </Tr>
          </TableHead>
          <TableBody>
            {report.branches.map((branch: BillingBranch) => (
              <Tr key={branch.branchId}>
                <Td className="font-medium">{branch.branchName}</Td>
                {columns.map(([label, value]) => (
                  <Td key={label} className="text-right tabular-nums">
                    {value(branch)}
                  </Td>
                ))}
              </Tr>
            ))}
            {report.branches.length > 1 ? (
              <Tr>
                <Td className="font-semibold">Total</Td>
                {columns.map(([label, value]) => (
                  <Td key={label} className="text-right font-semibold tabular-nums">
                    {value(report.totals)}
                  </Td>
                ))}
              </Tr>
            ) : null}
          </TableBody>
        </Table>
      </Card>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Descuentos del mes</h2>
        {discounts.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Ningún descuento en el mes.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-700">
            {discounts.map((item) => (
              <li key={`${item.policyId}-${item.at}`} className="p-3">
                <span className="font-medium">{item.folio}</span> · {formatPesos(item.amount)} · {item.reason}
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {item.by} · {formatDateTime(item.at)} · {item.branchName}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
