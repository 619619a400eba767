import { Link } from 'react-router';
import {
  AlarmClock,
  BadgeCheck,
  CalendarX,
  CircleX,
  FilePlus,
  FileSearch,
  FileText,
  FileX,
  PenLine,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { dashboardCards, type DashboardStats, type PolicyStatus } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const cardLooks: Partial<Record<PolicyStatus, { icon: LucideIcon; tint: string }>> = {
  created: { icon: FilePlus, tint: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' },
  investigation: { icon: FileSearch, tint: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300' },
  investigation_approved: { icon: BadgeCheck, tint: 'bg-teal-100 text-teal-700 dark:bg-teal-950 dark:text-teal-300' },
  investigation_rejected: { icon: FileX, tint: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300' },
  contracts: { icon: FileText, tint: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' },
  signature: { icon: PenLine, tint: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300' },
  active: { icon: ShieldCheck, tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300' },
  cancelled: { icon: CircleX, tint: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' },
  expiring: { icon: AlarmClock, tint: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  expired: { icon: CalendarX, tint: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
};

interface StatCardsProps {
  stats: DashboardStats;
  /** The list's filters the cards add to their status (an admin's chosen branch). */
  listFilters?: Record<string, string | number>;
}

/**
 * The ten counts (the spec's nine and Inv. Rechazada), in the lifecycle's order; each card reads
 * 'label: count' to a screen reader and opens the policy list filtered by its status.
 */
export function StatCards({ stats, listFilters = {} }: StatCardsProps) {
  return (
    // Two columns from the smallest phones up: ten cards one under another are a long scroll.
    <ul aria-label="Pólizas por estatus" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
      {dashboardCards.map(({ status, label }) => {
        const look = cardLooks[status] ?? { icon: FileText, tint: '' };
        const Icon = look.icon;
        return (
          <li key={status} aria-label={`${label}: ${stats[status] ?? 0}`}>
            <Link
              to={paths.policies.list.to({ ...listFilters, status })}
              aria-label={`${label}: ${stats[status] ?? 0}`}
              className="flex h-full flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:flex-row sm:items-center sm:gap-4 sm:p-5 xl:flex-col xl:items-start xl:gap-3 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-800 dark:hover:bg-slate-800"
            >
            <span aria-hidden="true" className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-11', look.tint)}>
              <Icon className="size-5" />
            </span>
            <div className="min-w-0" aria-hidden="true">
              <p className="truncate text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
              <p className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{stats[status] ?? 0}</p>
            </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
