import { useId } from 'react';
import { leadMessages, parseLeadNotes } from '@portal/domain';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { notesCountText } from './lead-format';

/** The link-button 'N nota(s)' and its popover 'Notas' with the lead's notes, oldest first. */
export function LeadNotesPopover({ notes }: { notes: string }) {
  const list = parseLeadNotes(notes);
  const titleId = useId();
  return (
    <Popover>
      <PopoverTrigger className="cursor-pointer rounded text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300">
        {notesCountText(list.length)}
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId}>
        <h3 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
          {leadMessages.notesTitle}
        </h3>
        {list.length === 0 ? (
          <p className="mt-2 text-slate-500 dark:text-slate-400">Sin notas</p>
        ) : (
          <ol className="mt-2 max-h-64 space-y-2 overflow-y-auto">
            {list.map((note, index) => (
              <li
                key={index}
                className="rounded-md bg-slate-50 px-2.5 py-1.5 break-words whitespace-pre-wrap text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {note}
              </li>
            ))}
          </ol>
        )}
      </PopoverContent>
    </Popover>
  );
}
