import { useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import { leadMessages, type Lead } from '@portal/domain';
import { isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAddLeadNote } from '../api';

/** 'Agregar nota...': Enter or the send button appends the note; nothing to send while blank. */
export function LeadNoteInput({ lead }: { lead: Lead }) {
  const [text, setText] = useState('');
  const mutation = useAddLeadNote();
  const blank = text.trim() === '';
  const busy = mutation.isPending;

  const send = () => {
    if (blank || busy) return;
    mutation.mutateAsync({ id: lead.id, note: text.trim() }).then(
      () => {
        setText('');
        notify.success(leadMessages.noteAdded, leadMessages.noteAddedDescription);
      },
      (error: unknown) => {
        if (isSessionExpired(error)) return;
        notify.error(leadMessages.errorTitle, leadMessages.noteError);
      },
    );
  };

  return (
    <div className="flex items-center gap-1.5">
      <Input
        aria-label={leadMessages.addNote}
        placeholder={leadMessages.addNote}
        value={text}
        maxLength={2000}
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          send();
        }}
        className="h-8 text-xs"
      />
      <Button size="icon" variant="secondary" className="size-8" aria-label="Enviar nota" disabled={blank || busy} aria-busy={busy || undefined} onClick={send}>
        <SendHorizontal aria-hidden="true" />
      </Button>
    </div>
  );
}
