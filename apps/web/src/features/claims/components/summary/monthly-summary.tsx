import { useId } from 'react';
import { claimResultLabels, claimResults, exportFileName, formatPesos, type ClaimMonthlySummary } from '@portal/domain';
import { DownloadButton } from '@/components/download-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { fetchClaimSummaryFile, useClaimSummary } from '../../api/list';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 'Resumen mensual': per branch, the cases opened and closed in the month (closed by result),
 * the amount recovered and the average days to close ('—' when none closed).
 */
export function MonthlySummary({ month, onMonth, branchId }: { month: string; onMonth: (month: string) => void; branchId: number | undefined }) {
  const monthId = useId();
  const valid = monthPattern.test(month);
  const summary = useClaimSummary(month, branchId);
  return (
    <section aria-label="Resumen mensual" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <Label htmlFor={monthId}>Mes</Label>
          <Input
            id={monthId}
            type="month"
            value={month}
            placeholder="AAAA-MM"
            pattern="\d{4}-\d{2}"
            aria-invalid={valid ? undefined : true}
            onChange={(event) => onMonth(event.target.value)}
            className="w-48"
          />
        </div>
        {valid ? (
          <span className="flex gap-2">
            {(['csv', 'xlsx'] as const).map((format) => (
              <DownloadButton
                key={format}
                variant="secondary"
                label={`Exportar ${format.toUpperCase()}`}
                fetchFile={() => fetchClaimSummaryFile(format, month, branchId)}
                fileName={exportFileName('resumen_incidencias', format, month)}
                errorTitle="No se pudo exportar el resumen"
              />
            ))}
          </span>
        ) : null}
      </div>
      {valid ? (
        <QueryState
          query={summary}
          loading="Cargando el resumen..."
          errorTitle="Error al cargar el resumen mensual"
          isEmpty={(data) => data.rows.length === 0}
          empty={<EmptyState title="Sin incidencias en este mes" description="Ninguna incidencia se abrió ni se cerró en el mes elegido." />}
        >
          {(data) => <SummaryTable summary={data} />}
        </QueryState>
      ) : (
        <p className="text-sm text-red-700 dark:text-red-400">Escriba el mes con la forma AAAA-MM.</p>
      )}
    </section>
  );
}

function SummaryTable({ summary }: { summary: ClaimMonthlySummary }) {
  return (
    <Table label={`Resumen mensual ${summary.month}`} className="min-w-[56rem]">
      <TableHead>
        <Tr>
          <Th>Sucursal</Th>
          <Th className="text-right">Abiertas</Th>
          <Th className="text-right">Cerradas</Th>
          {claimResults.map((result) => (
            <Th key={result} className="text-right">
              {claimResultLabels[result]}
            </Th>
          ))}
          <Th className="text-right">Monto recuperado</Th>
          <Th className="text-right">Días promedio para cerrar</Th>
        </Tr>
      </TableHead>
      <TableBody>
        {summary.rows.map((row) => (
          <Tr key={row.branchId ?? 'none'}>
            <Td className="font-medium">{row.branchName}</Td>
            <Td className="text-right tabular-nums">{row.opened}</Td>
            <Td className="text-right tabular-nums">{row.closed}</Td>
            {claimResults.map((result) => (
              <Td key={result} className="text-right tabular-nums">
                {row.closedByResult[result] ?? 0}
              </Td>
            ))}
            <Td className="text-right whitespace-nowrap tabular-nums">{formatPesos(row.amountRecovered)}</Td>
            <Td className="text-right tabular-nums">{row.averageDaysToClose === null ? '—' : row.averageDaysToClose.toLocaleString('es-MX', { maximumFractionDigits: 1 })}</Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
