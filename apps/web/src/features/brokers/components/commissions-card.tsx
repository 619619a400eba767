import { useState } from 'react';
import { commissionStateLabels, commissionStates, formatPesos, type Broker, type BrokerCommissions, type CommissionState } from '@portal/domain';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useCommissions } from '../api';
import { PayoutButton } from './payout-dialog';
import { ReversePayoutButton } from './reverse-payout-dialog';

/** A broker's commissions (Pendiente / Pagada), 'Pagar comisiones' and the payouts with 'Revertir'. */
export function CommissionsCard({ broker }: { broker: Broker }) {
  const [state, setState] = useState<CommissionState | ''>('pending');
  const commissions = useCommissions(broker.id, state || undefined);
  const pending = useCommissions(broker.id, 'pending');
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold">Comisiones</h2>
        <div className="flex flex-wrap items-center gap-2">
          <Select aria-label="Estado de las comisiones" value={state} onChange={(event) => setState(event.target.value as CommissionState | '')} className="w-40">
            {commissionStates.map((value) => (
              <option key={value} value={value}>
                {commissionStateLabels[value]}
              </option>
            ))}
            <option value="">Todas</option>
          </Select>
          <PayoutButton broker={broker} pending={pending.data?.entries ?? []} />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={commissions} loading="Cargando comisiones..." errorTitle="Error al cargar las comisiones" isEmpty={() => false}>
          {(data) => <CommissionsContent data={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function CommissionsContent({ data }: { data: BrokerCommissions }) {
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Pendiente: <strong>{formatPesos(data.totals.pending)}</strong> · Pagado: <strong>{formatPesos(data.totals.paid)}</strong>
      </p>
      {data.entries.length === 0 ? (
        <EmptyState title="Sin comisiones" description="Una comisión aparece cuando se cobran los honorarios de una póliza del asesor." />
      ) : (
        <Table label="Comisiones del asesor" className="min-w-[44rem]">
          <TableHead>
            <tr>
              <Th>Póliza</Th>
              <Th>Ganada</Th>
              <Th className="text-right">Base</Th>
              <Th className="text-right">Comisión</Th>
              <Th>Estado</Th>
            </tr>
          </TableHead>
          <TableBody>
            {data.entries.map((entry) => (
              <Tr key={entry.id}>
                <Td>
                  <span className="font-medium">{entry.folio}</span>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{[entry.tenantNames, entry.note].filter(Boolean).join(' · ')}</p>
                </Td>
                <Td className="whitespace-nowrap">{entry.earnedOn}</Td>
                <Td className="text-right tabular-nums">{formatPesos(entry.base)} ({entry.percent} %)</Td>
                <Td className="text-right tabular-nums">{formatPesos(entry.amount)}</Td>
                <Td>
                  <Badge tone={entry.state === 'paid' ? 'success' : 'neutral'}>{commissionStateLabels[entry.state]}</Badge>
                  {entry.payout ? <p className="text-xs text-slate-500 dark:text-slate-400">{`${entry.payout.paidOn} · ${entry.payout.reference}`}</p> : null}
                </Td>
              </Tr>
            ))}
          </TableBody>
        </Table>
      )}
      <h3 className="pt-2 text-base font-semibold">Pagos</h3>
      {data.payouts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aún no hay pagos de comisiones.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {data.payouts.map((payout) => (
            <li key={payout.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className={payout.reversal ? 'line-through' : undefined}>
                  {`${payout.paidOn} · ${payout.reference} · neto ${formatPesos(payout.net)}`}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {`Bruto ${formatPesos(payout.gross)} · IVA ${formatPesos(payout.iva)} · Ret. ISR ${formatPesos(payout.isrWithheld)} · Ret. IVA ${formatPesos(payout.ivaWithheld)}`}
                  {payout.reversal ? ` · Revertido: ${payout.reversal.reason}` : ''}
                </p>
              </div>
              {payout.reversal ? null : <ReversePayoutButton payout={payout} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
