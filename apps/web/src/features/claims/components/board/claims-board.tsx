import { Link } from 'react-router';
import { claimStages, claimTypeLabels, formatPesos, type ClaimStage, type ClaimSummary } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { daysOpenText, emptyCell, NextDeadline } from '../list/claim-cells';

/**
 * 'Tablero': one column per stage, in their order, named as the server names them; each case a
 * card that opens it. On a phone the columns scroll sideways (the region is focusable, so the
 * keyboard scrolls it too).
 */
export function ClaimsBoard({ items, stageLabels }: { items: ClaimSummary[]; stageLabels: Record<ClaimStage, string> }) {
  return (
    <div role="region" aria-label="Tablero por etapa" tabIndex={0} className="-mx-1 overflow-x-auto px-1 pb-2 focus-visible:outline-2 focus-visible:outline-brand-500">
      <div className="flex gap-3">
        {claimStages.map((stage) => {
          const cases = items.filter((claim) => claim.stage === stage);
          const name = stageLabels[stage];
          return (
            <section key={stage} aria-label={`${name}: ${cases.length}`} data-testid={`board-column-${stage}`} className="w-72 shrink-0 rounded-xl bg-slate-100 p-2 sm:w-64 dark:bg-slate-900/60">
              <h3 className="flex items-center justify-between px-1 pb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
                <span>{name}</span>
                <span className="rounded-full bg-white px-2 text-xs tabular-nums dark:bg-slate-800">{cases.length}</span>
              </h3>
              {cases.length === 0 ? (
                <p className="px-1 pb-2 text-xs text-slate-500 dark:text-slate-400">Sin casos.</p>
              ) : (
                <ul className="space-y-2">
                  {cases.map((claim) => (
                    <li key={claim.id}>
                      <BoardCard claim={claim} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function BoardCard({ claim }: { claim: ClaimSummary }) {
  return (
    <Link
      to={paths.claims.detail.to(claim.id)}
      className={cn(
        'block rounded-lg border bg-white p-3 text-sm shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500 dark:bg-slate-900 dark:hover:border-brand-700',
        claim.nextDeadline?.missed ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-brand-700 dark:text-brand-300">{claim.number}</span>
        <span className="text-xs tabular-nums">{formatPesos(claim.amountClaimed)}</span>
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-400">
        {claim.policyFolio} · {claimTypeLabels[claim.type]}
      </span>
      <span className="mt-1 block truncate">{claim.tenantNames || emptyCell}</span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {claim.assignee?.name ?? 'Sin asignar'} · {daysOpenText(claim.daysOpen)}
      </span>
      {claim.nextDeadline ? (
        <span className="mt-2 block border-t border-slate-100 pt-2 text-xs dark:border-slate-800">
          <NextDeadline deadline={claim.nextDeadline} />
        </span>
      ) : null}
    </Link>
  );
}
