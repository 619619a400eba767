import type { DashboardStats, PolicyStatus } from '@portal/domain';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const segments: ReadonlyArray<{ status: PolicyStatus; label: string; colour: string }> = [
  { status: 'active', label: 'Activas', colour: 'bg-emerald-500' },
  { status: 'cancelled', label: 'Canceladas', colour: 'bg-red-500' },
  { status: 'expired', label: 'Vencidas', colour: 'bg-zinc-400 dark:bg-zinc-500' },
];

/** Share of `count` in `total` as a whole percentage; 0 when there is nothing to share. */
function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** Active, cancelled and expired side by side in one bar, with a legend that carries the numbers. */
export function StatusBar({ stats }: { stats: DashboardStats }) {
  const parts = segments.map((segment) => ({ ...segment, count: stats[segment.status] ?? 0 }));
  const total = parts.reduce((sum, part) => sum + part.count, 0);
  const summary = parts.map((part) => `${part.label}: ${part.count}`).join(', ');

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">Activas, canceladas y vencidas</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <div role="img" aria-label={summary} className="flex h-4 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
          {total > 0
            ? parts.map((part) =>
                part.count > 0 ? (
                  <div key={part.status} data-testid={`bar-${part.status}`} className={part.colour} style={{ width: `${(part.count / total) * 100}%` }} />
                ) : null,
              )
            : null}
        </div>
        {total === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">Sin pólizas activas, canceladas o vencidas.</p> : null}
        <ul aria-label="Leyenda" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {parts.map((part) => (
            <li key={part.status} className="flex items-center gap-2">
              <span aria-hidden="true" className={`size-3 rounded-sm ${part.colour}`} />
              <span className="text-slate-600 dark:text-slate-300">{part.label}</span>
              <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{part.count}</span>
              <span className="text-slate-500 dark:text-slate-400">({percentOf(part.count, total)}%)</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
