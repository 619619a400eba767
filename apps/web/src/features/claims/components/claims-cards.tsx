import { Link } from 'react-router';
import { AlarmClock, Briefcase, CalendarClock, CircleDollarSign, type LucideIcon } from 'lucide-react';
import { formatPesos, type ClaimStats } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useClaimStats } from '../api/list';
import { claimListQuery } from './list/use-claim-filters';

interface CardLook {
  label: string;
  icon: LucideIcon;
  value: (stats: ClaimStats) => string;
  /** Red when this is above zero (a missed deadline). */
  alarm?: (stats: ClaimStats) => boolean;
  /** The list's filter the card opens. */
  filter: Parameters<typeof claimListQuery>[0];
}

const cards: CardLook[] = [
  { label: 'Incidencias abiertas', icon: Briefcase, value: (stats) => stats.open.toLocaleString('es-MX'), filter: { status: 'open' } },
  { label: 'Monto reclamado', icon: CircleDollarSign, value: (stats) => formatPesos(stats.amountClaimed), filter: { status: 'active' } },
  { label: 'Términos esta semana', icon: CalendarClock, value: (stats) => stats.deadlinesThisWeek.toLocaleString('es-MX'), filter: { due: 'week' } },
  { label: 'Términos vencidos', icon: AlarmClock, value: (stats) => stats.missedDeadlines.toLocaleString('es-MX'), alarm: (stats) => stats.missedDeadlines > 0, filter: { due: 'week' } },
];

/**
 * The dashboard's incidencias (issue 33), for the dashboard's branch (or every branch): each card
 * opens the list with its filter and, for an admin who chose a branch, that branch.
 */
export function ClaimsCards({ branchId, listBranch }: { branchId: number | 'all'; listBranch?: number }) {
  const stats = useClaimStats(branchId);
  return (
    <ul aria-label="Incidencias" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map((card) => {
        const Icon = card.icon;
        const alarm = stats.data && card.alarm?.(stats.data);
        const value = stats.data ? card.value(stats.data) : null;
        return (
          <li key={card.label}>
            <Link
              to={paths.claims.list.to(claimListQuery({ ...card.filter, ...(listBranch ? { branchId: listBranch } : {}) }))}
              className={cn(
                'flex h-full items-center gap-3 rounded-xl border bg-white p-4 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:p-5 dark:bg-slate-900 dark:hover:bg-slate-800/60',
                alarm ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-800',
              )}
            >
              <span aria-hidden="true" className={cn('hidden size-9 shrink-0 items-center sm:flex justify-center rounded-lg sm:size-11', alarm ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300')}>
                <Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">{card.label}</span>
                {stats.isError ? (
                  <span className="block text-sm text-red-700 dark:text-red-400">No se pudo cargar.</span>
                ) : value === null ? (
                  <span className="block text-sm text-slate-500">Cargando...</span>
                ) : (
                  <span data-alarm={alarm || undefined} className={cn('block text-lg font-semibold tabular-nums sm:text-2xl', alarm && 'text-red-700 dark:text-red-400')}>
                    {value}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
