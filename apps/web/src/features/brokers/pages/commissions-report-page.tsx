import { useState } from 'react';
import { Link } from 'react-router';
import { adminRoles, brokerKindLabels, businessDate, exportFileName, formatPesos, hasRole, periodLabel, type CommissionsReport } from '@portal/domain';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { DownloadButton } from '@/components/download-button';
import { TextField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useSession } from '@/features/auth';
import { BranchScopeSelect } from '@/features/branches';
import { fetchReportFile, useCommissionsReport } from '../api';
import { currentMonth } from '../components/broker-format';

/** /reports/commissions: 'Comisiones por pagar', per asesor for a month (admins: one branch or all). */
export function CommissionsReportPage() {
  usePageTitle('Comisiones por pagar');
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const [month, setMonth] = useState(() => currentMonth(businessDate()));
  const [branchId, setBranchId] = useState<number | undefined>();
  const chosen = /^\d{4}-\d{2}$/.test(month) ? month : currentMonth(businessDate());
  const report = useCommissionsReport(chosen, branchId);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Comisiones por pagar"
        description="Por asesor: la comisión ganada y pagada en el mes y lo que se le debe al cierre."
        actions={
          <>
            {isAdmin ? <BranchScopeSelect value={branchId ?? 'all'} onChange={(value) => setBranchId(value === 'all' ? undefined : value)} /> : null}
            {(['csv', 'xlsx'] as const).map((format) => (
              <DownloadButton
                key={format}
                variant="secondary"
                label={`Exportar ${format.toUpperCase()}`}
                fetchFile={() => fetchReportFile(chosen, branchId, format)}
                fileName={exportFileName(`comisiones_por_pagar_${chosen}`, format, businessDate())}
                errorTitle="No se pudo exportar"
              />
            ))}
          </>
        }
      />
      <TextField label="Mes" type="month" value={month} onChange={(event) => setMonth(event.target.value)} fieldClassName="w-44" />
      <QueryState query={report} loading="Cargando comisiones..." errorTitle="Error al cargar las comisiones por pagar" isEmpty={(data) => data.rows.length === 0} empty={<EmptyState title="Sin comisiones" description={`Ningún asesor ganó, cobró ni tiene comisiones por pagar en ${periodLabel(chosen)}.`} />}>
        {(data) => <ReportTable report={data} />}
      </QueryState>
    </div>
  );
}

function ReportTable({ report }: { report: CommissionsReport }) {
  return (
    <Table label={`Comisiones por pagar de ${periodLabel(report.month)}`} className="min-w-[40rem]">
      <TableHead>
        <tr>
          <Th>Asesor o inmobiliaria</Th>
          <Th>Sucursal</Th>
          <Th className="text-right">Ganada en el mes</Th>
          <Th className="text-right">Pagada en el mes</Th>
          <Th className="text-right">Por pagar al cierre</Th>
        </tr>
      </TableHead>
      <TableBody>
        {report.rows.map((row) => (
          <Tr key={row.brokerId}>
            <Td>
              <Link to={paths.brokers.detail.to(row.brokerId)} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {row.name}
              </Link>
              <p className="text-xs text-slate-500 dark:text-slate-400">{brokerKindLabels[row.kind]}</p>
            </Td>
            <Td>{row.branchName}</Td>
            <Td className="text-right tabular-nums">{formatPesos(row.earned)}</Td>
            <Td className="text-right tabular-nums">{formatPesos(row.paid)}</Td>
            <Td className="text-right tabular-nums">{formatPesos(row.owed)}</Td>
          </Tr>
        ))}
        <Tr>
          <Td className="font-semibold" colSpan={2}>
            Totales
          </Td>
          <Td className="text-right font-semibold tabular-nums">{formatPesos(report.totals.earned)}</Td>
          <Td className="text-right font-semibold tabular-nums">{formatPesos(report.totals.paid)}</Td>
          <Td className="text-right font-semibold tabular-nums">{formatPesos(report.totals.owed)}</Td>
        </Tr>
      </TableBody>
    </Table>
  );
}
