import { useId, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { leadMessages, parseLeadNotes, type Lead, type LeadNote } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useChangeLeadNote } from '../api';
import { notesCountText } from './lead-format';

/**
 * The link-button 'N nota(s)' and its popover 'Notas': each note with its author and time, oldest
 * first (issue 20); the author (or a manager) edits or deletes it there. A lead without the
 * `noteList` (an answer written to the spec) still shows its `notes` texts.
 */
export function LeadNotesPopover({ lead }: { lead: Lead }) {
  const titleId = useId();
  const notes = lead.noteList ?? [];
  const texts = notes.length > 0 ? [] : parseLeadNotes(lead.notes);
  const count = notes.length || texts.length;
  return (
    <Popover>
      <PopoverTrigger className="cursor-pointer rounded text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300">
        {notesCountText(count)}
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId}>
        <h3 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
          {leadMessages.notesTitle}
        </h3>
        {count === 0 ? (
          <p className="mt-2 text-slate-500 dark:text-slate-400">Sin notas</p>
        ) : (
          <ol className="mt-2 max-h-72 space-y-2 overflow-y-auto">
            {notes.length > 0
              ? notes.map((note) => <NoteItem key={note.id} leadId={lead.id} note={note} />)
              : texts.map((text, index) => (
                  <li key={index} className={noteClasses}>
                    {text}
                  </li>
                ))}
          </ol>
        )}
      </PopoverContent>
    </Popover>
  );
}

const noteClasses = 'rounded-md bg-slate-50 px-2.5 py-1.5 break-words whitespace-pre-wrap text-slate-700 dark:bg-slate-800 dark:text-slate-200';

type NoteMode = 'view' | 'edit' | 'confirm-delete';

/** One note: its text, 'Autor · fecha' (and '(editada)'), and for those who may, edit and delete. */
function NoteItem({ leadId, note }: { leadId: number; note: LeadNote }) {
  const [mode, setMode] = useState<NoteMode>('view');
  const [draft, setDraft] = useState(note.body);
  const change = useChangeLeadNote();
  const busy = change.isPending;
  const edited = note.updatedAt !== note.createdAt;

  const save = (body: string | null) => {
    change.mutate(
      { id: leadId, noteId: note.id, note: body },
      {
        onSuccess: () => {
          setMode('view');
          notify.success(body === null ? leadMessages.noteDeleted : leadMessages.noteUpdated);
        },
        onError: (error) => {
          if (!isSessionExpired(error)) notify.error(leadMessages.errorTitle, errorMessage(error));
        },
      },
    );
  };

  return (
    <li className={noteClasses} data-testid={`lead-note-${note.id}`}>
      {mode === 'edit' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) save(draft.trim());
          }}
          className="space-y-1.5"
        >
          <textarea
            aria-label="Editar nota"
            value={draft}
            maxLength={2000}
            rows={3}
            onChange={(event) => setDraft(event.target.value)}
            className={cn(controlClasses, 'py-1.5 text-xs')}
          />
          <div className="flex justify-end gap-1.5">
            <Button size="sm" variant="secondary" type="button" onClick={() => setMode('view')} disabled={busy}>
              Cancelar
            </Button>
            <Button size="sm" type="submit" disabled={busy || !draft.trim()} aria-busy={busy || undefined}>
              Guardar
            </Button>
          </div>
        </form>
      ) : (
        <p>{note.body}</p>
      )}
      <div className="mt-1 flex items-center justify-between gap-2 text-[11px] text-slate-500 dark:text-slate-400">
        <span>
          {note.authorName || 'Usuario eliminado'} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          {edited ? ' (editada)' : ''}
        </span>
        {note.canEdit && mode === 'view' ? (
          <span className="flex gap-0.5">
            <Button variant="ghost" size="icon" className="size-6" aria-label="Editar nota" onClick={() => { setDraft(note.body); setMode('edit'); }}>
              <Pencil aria-hidden="true" className="size-3.5" />
            </Button>
            <Button variant="ghost" size="icon" className="size-6 text-red-600 dark:text-red-400" aria-label="Eliminar nota" onClick={() => setMode('confirm-delete')}>
              <Trash2 aria-hidden="true" className="size-3.5" />
            </Button>
          </span>
        ) : null}
      </div>
      {mode === 'confirm-delete' ? (
        <div role="alert" className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="font-medium">{leadMessages.noteDeleteConfirm}</span>
          <Button size="sm" variant="secondary" onClick={() => setMode('view')} disabled={busy}>
            Cancelar
          </Button>
          <Button size="sm" variant="danger" onClick={() => save(null)} disabled={busy} aria-busy={busy || undefined}>
            Eliminar
          </Button>
        </div>
      ) : null}
    </li>
  );
}
