import { agingBucketLabels, agingBuckets, formatPesos, type AgingBucket, type ArrearsReport } from '@portal/domain';
import { cn } from '@/lib/cn';

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
