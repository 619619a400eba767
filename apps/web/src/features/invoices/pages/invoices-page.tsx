import { Link, useSearchParams } from 'react-router';
import { adminRoles, businessDate, formatPesos, hasRole, invoiceEndpoints, type InvoiceList } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '@/lib/paths';
import { ExportButtons } from '@/components/export-buttons';
import { TextField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useSession } from '@/features/auth';
import { BranchScopeSelect } from '@/features/branches';
import { useInvoiceList } from '../api';
import { InvoiceSummary } from '../components/invoice-summary';

type StateFilter = 'valid' | 'canceled' | undefined;

/** The filters as the URL keeps them: `?mes=2026-11&sucursal=2&estado=canceled`. */
function useInvoiceFilter(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('mes') ?? '') ? params.get('mes')! : businessDate().slice(0, 7);
  const branch = Number(params.get('sucursal'));
  const state = params.get('estado');
  const filter = {
    month,
    ...(isAdmin && Number.isInteger(branch) && branch > 0 ? { branchId: branch } : {}),
    ...(state === 'valid' || state === 'canceled' ? { state: state as StateFilter } : {}),
  };
  const change = (next: { month: string; branchId?: number; state?: StateFilter }) => {
    const query: Record<string, string> = { mes: next.month };
    if (next.branchId) query.sucursal = String(next.branchId);
    if (next.state) query.estado = next.state;
    setParams(query);
  };
  return { filter, change };
}

/** /invoices: 'Facturas', the month's invoices issued and cancelled (managers: their branch; admins: one or all). */
export function InvoicesPage() {
  usePageTitle('Facturas');
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const { filter, change } = useInvoiceFilter(isAdmin);
  const list = useInvoiceList(filter);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Facturas"
        description="CFDI de los pagos de honorarios emitidos en el mes, vigentes y cancelados."
        actions={<ExportButtons endpoint={invoiceEndpoints.list} list={`facturas_${filter.month}`} query={filter} errorTitle="No se pudieron exportar las facturas" />}
      />
      <div className="flex flex-wrap items-end gap-4">
        <TextField label="Mes" type="month" value={filter.month} onChange={(event) => event.target.value && change({ ...filter, month: event.target.value })} />
        <SelectField label="Estado" value={filter.state ?? ''} onChange={(event) => change({ ...filter, state: (event.target.value || undefined) as StateFilter })}>
          <option value="">Vigentes y canceladas</option>
          <option value="valid">Vigentes</option>
          <option value="canceled">Canceladas</option>
        </SelectField>
        {isAdmin ? <BranchScopeSelect value={filter.branchId ?? 'all'} onChange={(chosen) => change({ ...filter, branchId: chosen === 'all' ? undefined : chosen })} /> : null}
      </div>
      <QueryState
        query={list}
        loading="Cargando facturas..."
        errorTitle="No se pudieron cargar las facturas"
        isEmpty={(data) => data.rows.length === 0}
        empty={<EmptyState title="Sin facturas en el mes" description="Las facturas se emiten desde los pagos de honorarios de cada póliza." />}
      >
        {(data) => <InvoicesTable data={data} />}
      </QueryState>
    </div>
  );
}

function InvoicesTable({ data }: { data: InvoiceList }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Vigentes: {data.valid.count} por {formatPesos(data.valid.total)} · Canceladas: {data.canceled.count} por {formatPesos(data.canceled.total)}
      </p>
      <Table label="Facturas del mes">
        <TableHead>
          <Tr>
            <Th>Fecha</Th>
            <Th>Póliza</Th>
            <Th>Cliente</Th>
            <Th>Factura</Th>
          </Tr>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <Tr key={row.id}>
              <Td className="whitespace-nowrap">{row.issuedAt ? businessDate(new Date(row.issuedAt)) : ''}</Td>
              <Td>
                <Link to={paths.policies.detail.to(row.policyId)} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {row.policyFolio}
                </Link>
                <div className="text-xs text-slate-500">{row.branchName}</div>
              </Td>
              <Td>
                {row.customer.legalName}
                <div className="font-mono text-xs text-slate-500">{row.customer.rfc}</div>
              </Td>
              <Td>
                <InvoiceSummary invoice={row} />
              </Td>
            </Tr>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
