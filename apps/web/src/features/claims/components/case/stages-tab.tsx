import { BellRing, MessageCircle } from 'lucide-react';
import { claimOwnerStageText, claimResultLabels, whatsappHref, type ClaimDetail, type ClaimEvent } from '@portal/domain';
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
          <OwnerWhatsapp claim={claim} />
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

/**
 * The agent's WhatsApp text to the owner: the stage and its next step in plain Spanish (the same
 * words as the e-mail 'Avisar al propietario' sends), never the note. Shown when the owner has a phone.
 */
function OwnerWhatsapp({ claim }: { claim: ClaimDetail }) {
  const owner = claim.people.find((person) => person.party === 'owner');
  const text = owner ? claimOwnerStageText({ ownerName: owner.name, number: claim.number, stageLabel: claim.stageLabel, nextStep: claim.ownerNextStep, branchName: claim.branchName }) : '';
  const href = owner ? whatsappHref(owner.phone, text) : null;
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1.5 font-medium text-emerald-700 hover:underline dark:text-emerald-400">
      <MessageCircle className="size-4" aria-hidden="true" />
      Avisar al propietario por WhatsApp
    </a>
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
