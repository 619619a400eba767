import { claimMessages, claimStages, lawsuitStepLabels, lawsuitSteps, type ClaimDetail, type Lawsuit } from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { Card } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { EmptyState } from '@/components/ui/state-panels';
import type { ClaimAccess } from './claim-access';
import { DeadlinesList } from './deadlines-list';
import { LawsuitButton } from './lawsuit-form';

/** Whether the case reached 'Demanda' (the lawsuit's data are taken from then on). */
function fromLawsuitOn(claim: Pick<ClaimDetail, 'stage'>): boolean {
  return claimStages.indexOf(claim.stage) >= claimStages.indexOf('lawsuit');
}

/** 'Demanda': the court, the expediente judicial, the procedural steps' dates and the deadlines (términos). */
export function LawsuitTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  const canSave = access.canEdit && (claim.lawsuit !== null || fromLawsuitOn(claim));
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h2 className="text-base font-semibold">Demanda</h2>
        {canSave ? <LawsuitButton claim={claim} /> : null}
      </div>
      {claim.lawsuit ? (
        <LawsuitCard lawsuit={claim.lawsuit} />
      ) : (
        <EmptyState title="Sin demanda" description={fromLawsuitOn(claim) ? 'Aún no se capturan los datos de la demanda.' : claimMessages.lawsuitBeforeDemand} />
      )}
      <DeadlinesList claim={claim} access={access} />
    </>
  );
}

function LawsuitCard({ lawsuit }: { lawsuit: Lawsuit }) {
  return (
    <Card className="space-y-4 p-4">
      <DetailList
        items={[
          { label: 'Juzgado', value: lawsuit.court },
          { label: 'Expediente judicial', value: lawsuit.caseNumber },
        ]}
      />
      <ol aria-label="Etapas procesales" className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {lawsuitSteps.map((step) => (
          <li key={step} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
            <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{lawsuitStepLabels[step]}</p>
            <p className={lawsuit[step] ? 'font-medium tabular-nums' : 'text-slate-500 dark:text-slate-400'}>{lawsuit[step] ? formatDate(lawsuit[step]) : 'Pendiente'}</p>
          </li>
        ))}
      </ol>
      {lawsuit.notes ? <p className="text-sm whitespace-pre-line">{lawsuit.notes}</p> : null}
    </Card>
  );
}
