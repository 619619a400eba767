import { claimOwnerMessages, type ClaimOwnerView } from '@portal/domain';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/dates';
import { useOwnerClaims } from './public-api';
import { ReportForm } from './report-form';

type OwnerCase = ClaimOwnerView['cases'][number];

/**
 * The owner's page of a 'claim_owner' link (issue 33), after the aviso, made for a phone first:
 * the policy's cases in plain Spanish (their stage and what comes next, never the office's notes)
 * and 'Reportar un problema'.
 */
export function OwnerClaimsView({ token }: { token: string }) {
  const claims = useOwnerClaims(token);
  return (
    <QueryState query={claims} loading="Cargando sus incidencias..." errorTitle="No se pudieron cargar sus incidencias" isEmpty={() => false}>
      {(view) => (
        <div className="space-y-6">
          <section className="space-y-1">
            <h1 className="text-xl font-semibold">Hola, {view.ownerName}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Siga aquí las incidencias de su inmueble{view.propertyAddress ? ` en ${view.propertyAddress}` : ''} (póliza <span className="font-medium">{view.policyFolio}</span>) y reporte a {view.branchName} cualquier problema.
            </p>
          </section>
          <CaseList cases={view.cases} />
          <ReportForm token={token} />
        </div>
      )}
    </QueryState>
  );
}

function CaseList({ cases }: { cases: OwnerCase[] }) {
  const open = cases.filter((item) => !item.closed);
  const closed = cases.filter((item) => item.closed);
  return (
    <>
      <section aria-labelledby="open-cases-heading" className="space-y-2">
        <h2 id="open-cases-heading" className="text-base font-semibold">
          Sus incidencias
        </h2>
        {open.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{claimOwnerMessages.noCases}</p> : <Cases cases={open} label="Incidencias abiertas" />}
      </section>
      {closed.length > 0 ? (
        <section aria-labelledby="closed-cases-heading" className="space-y-2">
          <h2 id="closed-cases-heading" className="text-base font-semibold">
            Incidencias cerradas
          </h2>
          <Cases cases={closed} label="Incidencias cerradas" />
        </section>
      ) : null}
    </>
  );
}

function Cases({ cases, label }: { cases: OwnerCase[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {cases.map((item) => (
        <li key={item.number} className="space-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold tabular-nums">{item.number}</span>
            <span className="text-slate-600 dark:text-slate-400">{item.typeLabel}</span>
          </p>
          <p>
            <span className="sr-only">Etapa: </span>
            <span className="inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200">{item.stageLabel}</span>
          </p>
          <p className="text-slate-700 dark:text-slate-300">
            <span className="font-medium">Siguiente paso: </span>
            {item.nextStep}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Reportada el {formatDate(item.openedOn)} · último cambio el {formatDate(item.lastChangeOn)}
          </p>
        </li>
      ))}
    </ul>
  );
}
