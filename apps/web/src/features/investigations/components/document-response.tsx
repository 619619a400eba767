import { useId, useState } from 'react';
import { Save } from 'lucide-react';
import { investigationMessages, type InvestigationDocument } from '@portal/domain';
import { cn } from '@/lib/cn';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/input';
import { useSaveDocumentResponse } from '../api';

/** The API's limit (documentResponseInputSchema), kept by the textarea itself. */
const maxResponseLength = 2000;

interface DocumentResponseProps {
  folio: string;
  document: InvestigationDocument;
  /** Admins, managers and approvers write the answer; everyone else reads it. */
  canRespond: boolean;
}

/** The card's 'Respuesta:' box (spec), with who answered and when. */
export function DocumentResponse({ folio, document, canRespond }: DocumentResponseProps) {
  const labelId = useId();
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      {canRespond ? (
        <ResponseEditor folio={folio} document={document} labelId={labelId} />
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Respuesta:</p>
          <p data-testid="document-response" className="text-sm whitespace-pre-line text-slate-800 dark:text-slate-200">
            {document.respuesta || <span className="text-slate-500 italic dark:text-slate-400">Sin respuesta</span>}
          </p>
        </>
      )}
      {document.respondedByName ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Respondió {document.respondedByName}
          {document.respondedAt ? ` el ${formatDateTime(document.respondedAt)}` : null}
        </p>
      ) : null}
    </div>
  );
}

function ResponseEditor({ folio, document, labelId }: { folio: string; document: InvestigationDocument; labelId: string }) {
  const [draft, setDraft] = useState(document.respuesta);
  const save = useSaveDocumentResponse(folio);
  const textareaId = `${labelId}-text`;
  const changed = draft.trim() !== document.respuesta.trim();

  const submit = () =>
    save.mutate(
      { id: document.id, respuesta: draft.trim() },
      {
        onSuccess: (saved) => {
          setDraft(saved.respuesta);
          notify.success(investigationMessages.responseSaved);
        },
        onError: (error) => {
          if (isSessionExpired(error)) return;
          notify.error(investigationMessages.responseSaveError, errorMessage(error));
        },
      },
    );

  return (
    <>
      <label id={labelId} htmlFor={textareaId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Respuesta:
      </label>
      <textarea
        id={textareaId}
        data-testid="document-response-input"
        value={draft}
        maxLength={maxResponseLength}
        rows={3}
        disabled={save.isPending}
        onChange={(event) => setDraft(event.target.value)}
        className={cn(controlClasses, 'min-h-20 py-2')}
      />
      <div className="flex justify-end">
        <Button size="sm" variant="secondary" disabled={!changed || save.isPending} onClick={submit}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Guardando...' : 'Guardar respuesta'}
        </Button>
      </div>
    </>
  );
}
