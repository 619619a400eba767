import { useState } from 'react';
import { FileDown, FileText } from 'lucide-react';
import { businessDate, formatPesos, periodLabel, type Broker, type BrokerStatement } from '@portal/domain';
import { DownloadButton } from '@/components/download-button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { fetchStatementFile, useStatement } from '../api';
import { currentMonth } from './broker-format';

/** The monthly estado de cuenta: a month picker, the figures, and the PDF and CSV. */
export function StatementCard({ broker }: { broker: Broker }) {
  const [month, setMonth] = useState(() => currentMonth(businessDate()));
  const valid = /^\d{4}-\d{2}$/.test(month);
  const statement = useStatement(broker.id, valid ? month : currentMonth(businessDate()));
  const fileBase = `comisiones_${broker.id}_${month}`;
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 className="text-lg font-semibold">Estado de cuenta</h2>
        <div className="flex flex-wrap items-end gap-2">
          <TextField label="Mes" type="month" value={month} onChange={(event) => setMonth(event.target.value)} fieldClassName="w-44" />
          <DownloadButton variant="secondary" icon={FileText} label="PDF" fetchFile={() => fetchStatementFile(broker.id, month, 'pdf')} fileName={`${fileBase}.pdf`} errorTitle="No se pudo descargar el estado de cuenta" />
          <DownloadButton variant="secondary" icon={FileDown} label="CSV" fetchFile={() => fetchStatementFile(broker.id, month, 'csv')} fileName={`${fileBase}.csv`} errorTitle="No se pudo descargar el estado de cuenta" />
        </div>
      </CardHeader>
      <CardContent>
        <QueryState query={statement} loading="Cargando estado de cuenta..." errorTitle="Error al cargar el estado de cuenta" isEmpty={() => false}>
          {(data) => <StatementContent statement={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function StatementContent({ statement }: { statement: BrokerStatement }) {
  const { totals } = statement;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {`${periodLabel(statement.month)}: ganada ${formatPesos(totals.earned)}, pagada ${formatPesos(totals.paid)} (neto ${formatPesos(totals.net)}; IVA ${formatPesos(totals.iva)}, retención ISR ${formatPesos(totals.isrWithheld)}, retención IVA ${formatPesos(totals.ivaWithheld)}), por pagar al cierre ${formatPesos(totals.owed)}.`}
      </p>
      {statement.rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Sin movimientos en el mes.</p>
      ) : (
        <Table label={`Estado de cuenta de ${periodLabel(statement.month)}`} className="min-w-[44rem]">
          <TableHead>
            <tr>
              <Th>Póliza</Th>
              <Th className="text-right">Honorarios cobrados</Th>
              <Th className="text-right">Ganada</Th>
              <Th className="text-right">Pagada</Th>
              <Th className="text-right">Por pagar</Th>
            </tr>
          </TableHead>
          <TableBody>
            {statement.rows.map((row) => (
              <Tr key={row.policyId}>
                <Td>
                  <span className="font-medium">{row.folio}</span>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{[row.tenantNames, row.address].filter(Boolean).join(' · ')}</p>
                </Td>
                <Td className="text-right tabular-nums">{formatPesos(row.collected)}</Td>
                <Td className="text-right tabular-nums">{formatPesos(row.earned)}</Td>
                <Td className="text-right tabular-nums">{formatPesos(row.paid)}</Td>
                <Td className="text-right tabular-nums">{formatPesos(row.owed)}</Td>
              </Tr>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
