import { memo, useCallback, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import { CalendarClock, FileCheck2, FilePlus2, GripVertical, MessageCircle, Pencil, Phone, Trash2, UserRound } from 'lucide-react';
import { isAnonymisedLead, leadMessages, type Lead, type LeadColumn } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { LeadWhatsappButton } from '@/features/whatsapp';
import type { LeadDragData } from './board-dnd';
import { useBoardBranch, withBranch } from './board-branch';
import { displayPhone, formatFollowUp, formatLeadDate, leadDisplayName, telHref, whatsappHref } from './lead-format';
import { LeadMoveMenu } from './lead-move-menu';
import { LeadNoteInput } from './lead-note-input';
import { LeadNotesPopover } from './lead-notes-popover';

const cardClasses = cn(
  'rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm',
  'dark:border-slate-700 dark:bg-slate-900',
);

interface LeadCardProps {
  lead: Lead;
  columns: readonly LeadColumn[];
  columnId: string;
  /** Give the card's handle the focus (after a keyboard move brought it here). */
  refocus: boolean;
  onRefocused: () => void;
  onMove: (lead: Lead, columnId: string) => void;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

/**
 * A lead on the board. The whole card drags with the mouse (or a long press); its name is the
 * keyboard handle (Space or Enter picks it up). Links, buttons and the note input keep working.
 *
 * Every draggable re-renders on each step of a drag (dnd-kit's context changes), so this shell
 * stays small and the rest of the card is memoised: keep the callbacks it gets stable.
 */
export function LeadCard({ lead, columns, columnId, refocus, onRefocused, onMove, onEdit, onDelete }: LeadCardProps) {
  const data: LeadDragData = { lead };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: lead.id, data });
  const handle = useRef<HTMLButtonElement | null>(null);
  const handleRef = useCallback(
    (node: HTMLButtonElement | null) => {
      handle.current = node;
      setActivatorNodeRef(node);
    },
    [setActivatorNodeRef],
  );
  const headingId = useId();
  const name = leadDisplayName(lead);

  useEffect(() => {
    if (!refocus) return;
    handle.current?.focus();
    onRefocused();
  }, [refocus, onRefocused]);

  return (
    <li>
      <article
        ref={setNodeRef}
        {...listeners}
        aria-labelledby={headingId}
        data-testid={`lead-card-${lead.id}`}
        data-lead-id={lead.id}
        className={cn(cardClasses, 'cursor-grab touch-manipulation', isDragging && 'opacity-40')}
      >
        <div className="flex items-start gap-1">
          <h3 id={headingId} className="min-w-0 flex-1">
            <button
              ref={handleRef}
              type="button"
              {...attributes}
              aria-roledescription="lead arrastrable"
              className={cn(
                'flex w-full cursor-grab items-start gap-1 rounded text-left font-semibold break-words text-slate-900',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-white',
              )}
            >
              <GripVertical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <span className="min-w-0">{name}</span>
            </button>
          </h3>
          <LeadMoveMenu lead={lead} name={name} columns={columns} currentColumn={columnId} onMove={onMove} />
        </div>
        <LeadCardBody lead={lead} name={name} onEdit={onEdit} onDelete={onDelete} />
      </article>
    </li>
  );
}

interface LeadCardBodyProps {
  lead: Lead;
  name: string;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

/** Contact, notes, edit and delete, and 'Agregar nota...'. */
const LeadCardBody = memo(function LeadCardBody({ lead, name, onEdit, onDelete }: LeadCardBodyProps) {
  return (
    <>
      <LeadContact lead={lead} />
      <LeadPipeline lead={lead} />
      <div className="mt-2 flex items-center justify-between gap-2">
        <LeadNotesPopover lead={lead} />
        <div className="flex gap-0.5">
          {isAnonymisedLead(lead) ? null : <LeadWhatsappButton lead={lead} />}
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Editar lead ${name}`} onClick={() => onEdit(lead)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-red-600 hover:text-red-700 dark:text-red-400"
            aria-label={`Eliminar lead ${name}`}
            onClick={() => onDelete(lead)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="mt-2">
        <LeadNoteInput lead={lead} />
      </div>
    </>
  );
});

/** Phone (tel:), WhatsApp (wa.me, only a different number), 'Fuente: …' and the date. */
function LeadContact({ lead }: { lead: Lead }) {
  const whatsapp = whatsappHref(lead);
  const date = formatLeadDate(lead.createdAt);
  const linkClasses = 'inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline dark:text-brand-300';
  return (
    <div className="mt-1.5 space-y-1 text-xs text-slate-600 dark:text-slate-400">
      {lead.phone.trim() ? (
        <a href={telHref(lead.phone)} className={linkClasses}>
          <Phone aria-hidden="true" className="size-3.5 shrink-0" />
          {displayPhone(lead.phone)}
        </a>
      ) : null}
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={cn(linkClasses, 'flex')}>
          <MessageCircle aria-hidden="true" className="size-3.5 shrink-0" />
          {displayPhone(lead.phonewhats)}
          <span className="sr-only"> (WhatsApp, se abre en otra pestaña)</span>
        </a>
      ) : null}
      {lead.source.trim() ? <p>Fuente: {lead.source}</p> : null}
      {date ? (
        <p>
          <time dateTime={lead.createdAt}>{date}</time>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Issue 20: who works the lead, its follow-up day, and the policy it became — or 'Convertir en
 * póliza', which opens the policy form prefilled with the lead's name and contact.
 */
function LeadPipeline({ lead }: { lead: Lead }) {
  const branchId = useBoardBranch();
  const lineClasses = 'flex items-center gap-1.5';
  const linkClasses = 'inline-flex items-center gap-1.5 rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300';
  return (
    <div className="mt-1.5 space-y-1 text-xs text-slate-600 dark:text-slate-400">
      {lead.ownerId !== null ? (
        <p className={lineClasses}>
          <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            {leadMessages.ownerLabel}: {lead.ownerName || '—'}
          </span>
        </p>
      ) : null}
      {lead.followUpDate ? (
        <p className={lineClasses}>
          <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            {leadMessages.followUpLabel}: <time dateTime={lead.followUpDate}>{formatFollowUp(lead.followUpDate)}</time>
          </span>
        </p>
      ) : null}
      {lead.policyId !== null ? (
        <Link to={paths.policies.detail.to(lead.policyId)} className={linkClasses} data-testid={`lead-policy-${lead.id}`}>
          <FileCheck2 aria-hidden="true" className="size-3.5 shrink-0" />
          {leadMessages.viewPolicy}
        </Link>
      ) : isAnonymisedLead(lead) ? null : (
        <Link to={withBranch(`${paths.policies.new.to()}?fromLead=${lead.id}`, branchId)} className={linkClasses}>
          <FilePlus2 aria-hidden="true" className="size-3.5 shrink-0" />
          {leadMessages.convert}
          <span className="sr-only"> ({leadDisplayName(lead)})</span>
        </Link>
      )}
    </div>
  );
}

/** The card under the pointer while it is dragged: what identifies the lead, nothing to press. */
export function LeadCardPreview({ lead }: { lead: Lead }) {
  return (
    <div className={cn(cardClasses, 'w-72 cursor-grabbing shadow-lg ring-2 ring-brand-500/40')}>
      <p className="flex items-start gap-1 font-semibold break-words text-slate-900 dark:text-white">
        <GripVertical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        {leadDisplayName(lead)}
      </p>
      {lead.phone.trim() ? <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">{displayPhone(lead.phone)}</p> : null}
      {lead.source.trim() ? <p className="text-xs text-slate-600 dark:text-slate-400">Fuente: {lead.source}</p> : null}
    </div>
  );
}
