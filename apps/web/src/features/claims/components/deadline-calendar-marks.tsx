import { Link } from 'react-router';
import type { ClaimCalendarEntry } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/** 'Término vencido: Contestación de la demanda, INC-00042 (POL-2026-00007)': what a chip is called. */
function entryName(entry: ClaimCalendarEntry): string {
  return `${entry.missed ? 'Término vencido' : 'Término'}: ${entry.description}, ${entry.claimNumber} (${entry.policyFolio})`;
}

function Tag({ missed }: { missed: boolean }) {
  return (
    <span className={cn('shrink-0 rounded px-1 text-[0.65rem] font-semibold tracking-wide uppercase', missed ? 'bg-red-600 text-white' : 'bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-100')}>
      {missed ? 'Vencido' : 'Término'}
    </span>
  );
}

const chipLook = (missed: boolean) =>
  missed
    ? 'border-red-600 bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200'
    : 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100';

/** A claim's deadline in a calendar cell: a link to the case, amber, or red with 'Vencido' once missed. */
function DeadlineChip({ entry }: { entry: ClaimCalendarEntry }) {
  return (
    <Link
      to={paths.claims.detail.to(entry.claimId)}
      aria-label={entryName(entry)}
      title={entryName(entry)}
      data-testid={`calendar-deadline-${entry.id}`}
      data-missed={entry.missed || undefined}
      className={cn('flex w-full min-w-0 items-center gap-1 rounded-md border-l-4 px-1.5 py-0.5 text-xs leading-5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500', chipLook(entry.missed))}
    >
      <Tag missed={entry.missed} />
      <span className="min-w-0 truncate">{entry.description}</span>
    </Link>
  );
}

export function DeadlineChips({ entries }: { entries: ClaimCalendarEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {entries.map((entry) => (
        <li key={entry.id}>
          <DeadlineChip entry={entry} />
        </li>
      ))}
    </ul>
  );
}

/** On a phone's month cell: how many deadlines the day has (red when one is missed); the day's list below the grid names them. */
export function DeadlineCount({ entries }: { entries: ClaimCalendarEntry[] }) {
  if (entries.length === 0) return null;
  const missed = entries.some((entry) => entry.missed);
  return (
    <span className={cn('inline-flex items-center gap-0.5 rounded px-1 text-xs font-semibold sm:hidden', missed ? 'text-red-700 dark:text-red-400' : 'text-amber-700 dark:text-amber-300')}>
      <span aria-hidden="true" className={cn('size-1.5 rotate-45', missed ? 'bg-red-600' : 'bg-amber-500')} />
      {entries.length}
      <span className="sr-only">{`${entries.length === 1 ? 'término' : 'términos'}${missed ? ', con vencidos' : ''}`}</span>
    </span>
  );
}

/** The day view's deadlines: each a row with what is due, the case, the policy and who answers for it. */
export function DeadlineRows({ entries }: { entries: ClaimCalendarEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul aria-label="Términos de incidencias del día" className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link
            to={paths.claims.detail.to(entry.claimId)}
            aria-label={entryName(entry)}
            data-testid={`calendar-deadline-${entry.id}`}
            data-missed={entry.missed || undefined}
            className={cn('flex flex-col gap-1 rounded-lg border-l-4 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500', chipLook(entry.missed))}
          >
            <span className="w-28 shrink-0">
              <Tag missed={entry.missed} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{entry.description}</span>
              <span className="block text-xs opacity-80">
                {entry.claimNumber} · {entry.policyFolio} · {entry.assignee?.name ?? 'Sin asignar'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
