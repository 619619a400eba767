import { AlertTriangle } from 'lucide-react';
import type { ClaimDeadline } from '@portal/domain';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';

/** A deadline's day and what is due; a missed one is red with 'Vencido', everywhere it shows. */
export function DeadlineDue({ deadline, className }: { deadline: Pick<ClaimDeadline, 'dueOn' | 'description' | 'missed'>; className?: string }) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', deadline.missed && 'font-medium text-red-700 dark:text-red-400', className)}>
      {deadline.missed ? <AlertTriangle aria-hidden="true" className="size-4 shrink-0" /> : null}
      <span className="tabular-nums">{formatDate(deadline.dueOn)}</span>
      {deadline.missed ? <span className="rounded bg-red-100 px-1.5 text-xs font-semibold uppercase dark:bg-red-950">Vencido</span> : null}
      <span>· {deadline.description}</span>
    </span>
  );
}
