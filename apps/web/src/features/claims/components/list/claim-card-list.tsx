import { claimTypeLabels, formatPesos, type ClaimSummary } from '@portal/domain';
import { ClaimNumberLink, daysOpenText, emptyCell, NextDeadline, PolicyFolioLink } from './claim-cells';

/** On a phone: one card per case, the same facts as the table's row. */
export function ClaimCardList({ items, showBranch }: { items: ClaimSummary[]; showBranch: boolean }) {
  return (
    <ul aria-label="Incidencias" className="space-y-3">
      {items.map((claim) => (
        <li key={claim.id} data-testid={`claim-card-${claim.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-baseline justify-between gap-3">
            <ClaimNumberLink claim={claim} className="text-base" />
            <span className="text-sm font-semibold tabular-nums">{formatPesos(claim.amountClaimed)}</span>
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {claimTypeLabels[claim.type]} · {claim.stageLabel}
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">Póliza</dt>
            <dd>
              <PolicyFolioLink claim={claim} />
            </dd>
            {showBranch ? (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Sucursal</dt>
                <dd>{claim.branchName}</dd>
              </>
            ) : null}
            <dt className="text-slate-500 dark:text-slate-400">Inquilino</dt>
            <dd className="min-w-0 break-words">{claim.tenantNames || emptyCell}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Responsable</dt>
            <dd>{claim.assignee?.name ?? 'Sin asignar'}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Abierta</dt>
            <dd>{daysOpenText(claim.daysOpen)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Próximo término</dt>
            <dd>
              <NextDeadline deadline={claim.nextDeadline} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
