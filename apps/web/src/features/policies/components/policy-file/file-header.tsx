import type { ReactNode } from 'react';
import { policyTypeLabels, type Policy, type PolicyFile } from '@portal/domain';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { displayTerm } from '../policy-format';
import { Card } from '@/components/ui/card';
import { PolicyStatusBadge } from '../policy-status-badge';
import { FileActions } from './file-actions';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400 print:text-[7.5pt]">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100 print:text-[8.5pt]">{children}</dd>
    </div>
  );
}

/** The other policy of a renewal, opened in its expediente. */
function RenewalLink({ id, text }: { id: number; text: string }) {
  return (
    <Link to={paths.policies.detail.to(id)} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
      {text}
    </Link>
  );
}

/**
 * The expediente's title, folios, status and who and where, with the actions this status allows.
 * The branch and agent come with the file (GET /api/policy/{id}/file): a dash until it arrives.
 */
export function FileHeader({ policy, file }: { policy: Policy; file: PolicyFile | undefined }) {
  return (
    <Card className="space-y-4 p-4 sm:p-6 print:space-y-1 print:rounded-none print:border-0 print:p-0 print:shadow-none">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between print:gap-1">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500 dark:text-slate-400 print:text-[8pt]">Expediente de la póliza</p>
          <h1 className="mt-0.5 flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight break-all text-slate-900 dark:text-white print:text-[13pt]">
            {policy.investigationId}
            <PolicyStatusBadge status={policy.status} />
          </h1>
        </div>
        <FileActions policy={policy} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6 print:grid-cols-6 print:gap-y-1">
        <Fact label="Folio de Póliza">{policy.policyNumber || 'Sin asignar'}</Fact>
        <Fact label="Tipo de Póliza">{policyTypeLabels[policy.policyType]}</Fact>
        <Fact label="Sucursal">{file?.branch.name ?? '—'}</Fact>
        <Fact label="Agente">{file ? (file.agent?.name ?? 'Sin agente') : '—'}</Fact>
        <Fact label="Creada">{formatDateTime(policy.createdAt)}</Fact>
        <Fact label="Actualizada">{formatDateTime(policy.updatedAt)}</Fact>
        <Fact label="Vigencia">
          {displayTerm(policy.property.rent.contractStartDate, policy.endDate)}
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {policy.termMonths} {policy.termMonths === 1 ? 'mes' : 'meses'}
          </span>
        </Fact>
        {policy.renewedFromPolicyId !== null ? (
          <Fact label="Renovación de">
            <RenewalLink id={policy.renewedFromPolicyId} text={policy.previousPolicy || 'Póliza anterior'} />
          </Fact>
        ) : null}
        {policy.renewedToPolicyId !== null ? (
          <Fact label="Renovada como">
            <RenewalLink id={policy.renewedToPolicyId} text="Ver póliza renovada" />
          </Fact>
        ) : null}
      </dl>
    </Card>
  );
}
