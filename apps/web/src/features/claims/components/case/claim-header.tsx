import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Info } from 'lucide-react';
import { claimResultLabels, claimSourceLabels, claimStatusLabels, claimTypeLabels, formatPesos, type ClaimDetail } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { formatMexicoDateTime, daysText, statusTones } from './claim-format';

/** The case at a glance: who, what, where it stands and how much is claimed. */
export function ClaimHeader({ claim }: { claim: ClaimDetail }) {
  const closed = claim.status === 'closed';
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Incidencia {claim.number}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {claimTypeLabels[claim.type]} · Póliza{' '}
            <Link to={paths.policies.detail.to(claim.policyId, 'incidencias')} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
              {claim.policyFolio}
            </Link>
            {claim.propertyAddress ? ` · ${claim.propertyAddress}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTones[claim.status]}>{claimStatusLabels[claim.status]}</Badge>
          {/* A closed case's stage is its status: one badge says it. */}
          {closed ? null : <Badge tone="brand">{claim.stageLabel}</Badge>}
          {closed && claim.result ? <Badge tone="success">{claimResultLabels[claim.result]}</Badge> : null}
        </div>
      </div>
      {claim.status === 'draft' ? (
        <Notice>Reporte por revisar ({claimSourceLabels[claim.source].toLowerCase()}): revíselo y cámbielo de etapa para abrir la incidencia.</Notice>
      ) : null}
      {closed ? <Notice>La incidencia está cerrada: solo se consulta. Puede reabrirse con un motivo desde «Etapas».</Notice> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="p-4 lg:col-span-2">
          <DetailList
            className="sm:grid-cols-3"
            items={[
              { label: 'Etapa', value: claim.stageLabel },
              { label: 'Resultado', value: closed && claim.result ? claimResultLabels[claim.result] : 'Sin cerrar' },
              { label: 'Responsable', value: claim.assignee?.name ?? 'Sin asignar' },
              { label: 'Días abierta', value: daysText(claim.daysOpen) },
              { label: 'Fecha de apertura', value: formatMexicoDateTime(claim.openedAt) },
              { label: 'Sucursal', value: claim.branchName },
              { label: 'Origen', value: claimSourceLabels[claim.source] },
              { label: 'Reportó', value: claim.reportedBy || '—' },
              { label: 'Inquilinos', value: claim.tenantNames || '—' },
            ]}
          />
        </Card>
        <Card className="p-4">
          <h2 className="text-sm font-semibold">Montos reclamados</h2>
          <dl className="mt-2 space-y-1 text-sm">
            <Amount label="Rentas" value={claim.rentClaimed} />
            <Amount label="Servicios" value={claim.servicesClaimed} />
            <Amount label="Daños" value={claim.damagesClaimed} />
            <Amount label="Total" value={claim.amountClaimed} strong />
          </dl>
        </Card>
      </div>
    </div>
  );
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-slate-200 pt-1 font-semibold dark:border-slate-800' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatPesos(value)}</dd>
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
