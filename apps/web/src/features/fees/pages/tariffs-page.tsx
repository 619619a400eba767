import { useState } from 'react';
import { History, Pencil } from 'lucide-react';
import { formatPesos, policyTypeLabels, type FeeTariff } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { BranchScopeSelect } from '@/features/branches';
import { useFeeTariffs, useTariffHistory } from '../api';
import { TariffDialog, tariffChangeNote } from '../components/tariff-dialog';

/** /admin/tarifas: 'Tarifas', the fee's current tariff per branch and policy type (admins). */
export function TariffsPage() {
  usePageTitle('Tarifas');
  const [branch, setBranch] = useState<number | 'all'>('all');
  const tariffs = useFeeTariffs(branch === 'all' ? undefined : branch);
  const [editing, setEditing] = useState<FeeTariff | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader title="Tarifas" description="Honorarios por sucursal y tipo de póliza: porcentaje de un mes de renta, mínimo, IVA y extras." actions={<BranchScopeSelect value={branch} onChange={setBranch} />} />
      <p role="note" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:border-brand-900 dark:bg-brand-950 dark:text-brand-200">
        {tariffChangeNote}
      </p>
      <QueryState
        query={tariffs}
        loading="Cargando tarifas..."
        errorTitle="Error al cargar las tarifas"
        isEmpty={(data) => data.tariffs.length === 0}
        empty={<EmptyState title="Sin sucursales" description="Cree una sucursal para definir sus tarifas." />}
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {data.tariffs.map((tariff) => (
              <TariffCard key={`${tariff.branchId}-${tariff.policyType}`} tariff={tariff} onEdit={() => setEditing(tariff)} />
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? <TariffDialog key={`${editing.branchId}-${editing.policyType}-${editing.version}`} tariff={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function tariffLine(tariff: FeeTariff): string {
  return `${tariff.ratePercent} % de un mes de renta · mínimo ${formatPesos(tariff.minimum)} · IVA ${tariff.ivaPercent} %`;
}

function TariffCard({ tariff, onEdit }: { tariff: FeeTariff; onEdit: () => void }) {
  const [showHistory, setShowHistory] = useState(false);
  const name = `${policyTypeLabels[tariff.policyType]} · ${tariff.branchName}`;
  return (
    <li>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="font-semibold">{name}</h2>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {tariff.version === 0 ? 'Tarifa del portal (versión 0)' : `Versión ${tariff.version} · ${tariff.createdBy ?? 'Usuario eliminado'} · ${formatDateTime(tariff.createdAt ?? '')}`}
            </p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setShowHistory(!showHistory)} aria-expanded={showHistory} aria-label={`Historial de ${name}`}>
              <History aria-hidden="true" />
              Historial
            </Button>
            <Button size="sm" onClick={onEdit} aria-label={`Editar tarifa ${name}`}>
              <Pencil aria-hidden="true" />
              Editar
            </Button>
          </div>
        </div>
        <p className="text-sm tabular-nums">{tariffLine(tariff)}</p>
        {tariff.extras.length > 0 ? (
          <ul className="text-sm text-slate-700 dark:text-slate-300">
            {tariff.extras.map((extra) => (
              <li key={extra.key}>
                Extra: {extra.label} · {formatPesos(extra.amount)}
              </li>
            ))}
          </ul>
        ) : null}
        {showHistory ? <TariffHistory tariff={tariff} /> : null}
      </Card>
    </li>
  );
}

function TariffHistory({ tariff }: { tariff: FeeTariff }) {
  const history = useTariffHistory(tariff.branchId, tariff.policyType, true);
  return (
    <QueryState query={history} loading="Cargando historial..." errorTitle="Error al cargar el historial" isEmpty={(data) => data.tariffs.length === 0}>
      {(data) => (
        <ol className="space-y-1 border-t border-slate-100 pt-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400" aria-label="Versiones de la tarifa">
          {data.tariffs.map((version) => (
            <li key={version.version}>
              <span className="font-medium">Versión {version.version}</span>: {tariffLine(version)}
              {version.createdAt ? ` · ${version.createdBy ?? ''} · ${formatDateTime(version.createdAt)}` : ' · del portal'}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
