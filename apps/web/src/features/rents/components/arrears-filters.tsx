import { useId } from 'react';
import { agingBucketLabels, agingBuckets, formatPesos, type AgingBucket, type ArrearsReport } from '@portal/domain';
import { cn } from '@/lib/cn';
import { useBranches } from '@/features/branches';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

/** The four buckets as toggle buttons with their policies and amount; pressing the chosen one shows them all again. */
export function BucketTiles({ report, chosen, onChoose }: { report: ArrearsReport; chosen: AgingBucket | undefined; onChoose: (bucket: AgingBucket | undefined) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Antigüedad del atraso">
      {agingBuckets.map((bucket) => {
        const totals = report.buckets.find((row) => row.bucket === bucket);
        const pressed = chosen === bucket;
        return (
          <li key={bucket}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? undefined : bucket)}
              className={cn(
                'w-full rounded-xl border p-4 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500',
                pressed
                  ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/40'
                  : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800/60',
              )}
            >
              <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">{agingBucketLabels[bucket]}</span>
              <span className="block text-2xl font-semibold tabular-nums">{(totals?.policies ?? 0).toLocaleString('es-MX')}</span>
              <span className="block text-sm text-slate-600 tabular-nums dark:text-slate-400">{formatPesos(totals?.amount ?? '0.00')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** An admin's branch picker: 'Todas las sucursales' or one. */
export function ArrearsBranchSelect({ branchId, onChange }: { branchId: number | undefined; onChange: (branchId: number | undefined) => void }) {
  const id = useId();
  const branches = useBranches();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm whitespace-nowrap">
        Sucursal
      </Label>
      <Select id={id} value={branchId ?? 'all'} onChange={(event) => onChange(event.target.value === 'all' ? undefined : Number(event.target.value))} className="w-56">
        <option value="all">Todas las sucursales</option>
        {branches.data?.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
