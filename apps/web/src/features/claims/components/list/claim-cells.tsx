import { Link } from 'react-router';
import type { ClaimSummary } from '@portal/domain';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';

export const emptyCell = '—';

/** The case's number, a link to its page. */
export function ClaimNumberLink({ claim, className }: { claim: ClaimSummary; className?: string }) {
  return (
    <Link to={paths.claims.detail.to(claim.id)} className={cn('font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300', className)}>
      {claim.number}
    </Link>
  );
}

/** The policy's folio, a link to its expediente. */
export function PolicyFolioLink({ claim }: { claim: ClaimSummary }) {
  return (
    <Link to={paths.policies.detail.to(claim.policyId)} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
      {claim.policyFolio}
    </Link>
  );
}

/**
 * The next pending deadline: its day and what is due. A missed one is red AND says 'Vencido'
 * (the colour alone tells nothing to a screen reader or a colour-blind reader).
 */
export function NextDeadline({ deadline }: { deadline: ClaimSummary['nextDeadline'] }) {
  if (!deadline) return <span className="text-slate-500 dark:text-slate-400">Sin términos</span>;
  return (
    <span className={cn('block', deadline.missed && 'text-red-700 dark:text-red-400')} data-missed={deadline.missed || undefined}>
      <span className="block font-medium whitespace-nowrap tabular-nums">{formatDate(deadline.dueOn)}</span>
      <span className="block text-xs">
        {deadline.missed ? <span className="mr-1.5 rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800 dark:bg-red-950 dark:text-red-300">Vencido</span> : null}
        {deadline.description}
      </span>
    </span>
  );
}

export function daysOpenText(days: number): string {
  return `${days.toLocaleString('es-MX')} ${days === 1 ? 'día' : 'días'}`;
}
