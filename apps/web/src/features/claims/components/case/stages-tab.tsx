import { BellRing } from 'lucide-react';
import { claimResultLabels, type ClaimDetail, type ClaimEvent } from '@portal/domain';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-panels';
import type { ClaimAccess } from './claim-access';
import { formatMexicoDateTime, stageName } from './claim-format';
import { StageButton } from './stage-dialog';

/** 'Etapas': every change with who, when and why, newest first; and the next one. */
export function StagesTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  const events = [...claim.events].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="text-sm">
          <p className="font-medium">Lo que ve el propietario en su enlace</p>
          <p className="text-slate-600 dark:text-slate-400">{claim.ownerNextStep}</p>
        </div>
        {access.canEdit || access.canReopen ? <StageButton claim={claim} /> : null}
      </div>
      {events.length === 0 ? (
        <EmptyState title="Sin cambios de etapa" />
      ) : (
        <Card className="p-4">
          <ol aria-label="Historial de etapas" className="space-y-4">
            {events.map((event) => (
              <EventItem key={event.id} event={event} claim={claim} />
            ))}
          </ol>
        </Card>
      )}
    </>
  );
}

function EventItem({ event, claim }: { event: ClaimEvent; claim: ClaimDetail }) {
  const from = event.fromStage ? stageName(event.fromStage, claim) : null;
  const to = event.toStage ? stageName(event.toStage, claim) : null;
  return (
    <li className="border-l-2 border-brand-200 pl-3 text-sm dark:border-brand-900">
      <p className="font-medium">
        {from && to ? `${from} → ${to}` : to ? `Apertura en ${to}` : 'Anotación'}
        {event.result ? ` · ${claimResultLabels[event.result]}` : ''}
      </p>
      {event.note ? <p className="mt-0.5 whitespace-pre-line">{event.note}</p> : null}
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span>
          {event.actor} · {formatMexicoDateTime(event.at)}
        </span>
        {event.ownerNotified ? (
          <Badge tone="success">
            <BellRing aria-hidden="true" className="mr-1 size-3" />
            Se avisó al propietario
          </Badge>
        ) : null}
      </p>
    </li>
  );
}
