import { Link } from 'react-router';
import { claimEditorRoles, claimStatusLabels, claimTypeLabels, formatPesos, hasRole, type ClaimSummary, type Policy } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { Badge } from '@/components/ui/badge';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { FileSection } from '@/features/policies';
import { usePolicyClaims } from '../../api/case';
import { daysText, statusTones } from './claim-format';
import { DeadlineDue } from './deadline-due';
import { OpenClaimButton } from './open-claim-dialog';
import { OwnerLinkButton } from './owner-link-dialog';

/**
 * 'Incidencias' in the expediente (issue 33): the policy's cases with their stage, the amount
 * claimed and the next deadline; the owner's reports not yet reviewed stand out. Staff who work
 * the cases open one here or give the owner the link to report one.
 */
export function ClaimsSection({ policy }: { policy: Policy }) {
  const claims = usePolicyClaims(policy.id);
  const canEdit = hasRole(useSession().user?.role, claimEditorRoles);
  return (
    <FileSection
      id="incidencias"
      title="Incidencias"
      className="print:hidden"
      actions={
        canEdit ? (
          <>
            <OwnerLinkButton policy={policy} />
            {policy.status !== 'cancelled' ? <OpenClaimButton policyId={policy.id} /> : null}
          </>
        ) : null
      }
    >
      <QueryState
        query={claims}
        loading="Cargando incidencias..."
        loadingClassName="py-8"
        errorTitle="Error al cargar las incidencias"
        empty={<EmptyState title="Sin incidencias" description="La póliza no tiene incidencias registradas." />}
      >
        {(rows) => (
          <ul aria-label="Incidencias de la póliza" className="space-y-2">
            {rows.map((claim) => (
              <ClaimRow key={claim.id} claim={claim} />
            ))}
          </ul>
        )}
      </QueryState>
    </FileSection>
  );
}

function ClaimRow({ claim }: { claim: ClaimSummary }) {
  const draft = claim.status === 'draft';
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-3 text-sm sm:flex-row sm:items-center sm:justify-between',
        draft ? 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40' : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.claims.detail.to(claim.id)} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            {claim.number}
          </Link>
          <span>{claimTypeLabels[claim.type]}</span>
          <Badge tone={statusTones[claim.status]} className={draft ? 'bg-amber-100 text-amber-900 ring-amber-300' : undefined}>
            {claimStatusLabels[claim.status]}
          </Badge>
        </div>
        <p className="text-slate-600 dark:text-slate-400">
          {claim.stageLabel} · abierta hace {daysText(claim.daysOpen)}
          {claim.assignee ? ` · ${claim.assignee.name}` : ''}
        </p>
        <p>{claim.nextDeadline ? <DeadlineDue deadline={claim.nextDeadline} /> : <span className="text-slate-500 dark:text-slate-400">Sin términos pendientes</span>}</p>
      </div>
      <div className="shrink-0 sm:text-right">
        <p className="text-xs text-slate-500 dark:text-slate-400">Monto reclamado</p>
        <p className="font-semibold tabular-nums">{formatPesos(claim.amountClaimed)}</p>
      </div>
    </li>
  );
}
