import { useId, useState } from 'react';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useInvestigationDecision } from './use-investigation-decision';

const onlyReviewersNote = 'Solo un administrador, gerente o aprobador puede aprobar o rechazar la investigación.';

interface DecisionBarProps {
  folio: string;
  /** The list has loaded and holds documents (spec: disabled while loading or with an empty list). */
  hasDocuments: boolean;
  /** Admin, manager or approver. */
  canDecide: boolean;
  /** The investigation is under way (not before its first document, not once decided). */
  decidable: boolean;
}

/**
 * 'Aprobar' and 'Rechazar' below the list. Rejecting asks first: it closes the tenant's
 * investigation for good. Approving is the expected outcome of a complete file and goes at once.
 */
export function DecisionBar({ folio, hasDocuments, canDecide, decidable }: DecisionBarProps) {
  const { decide, pending } = useInvestigationDecision(folio);
  const [askingReject, setAskingReject] = useState(false);
  const noteId = useId();
  const disabled = !folio || !hasDocuments || !canDecide || !decidable || pending !== null;
  const describedBy = canDecide ? undefined : noteId;

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-end dark:border-slate-800">
      {canDecide ? null : (
        <p id={noteId} className="text-sm text-slate-600 sm:mr-auto dark:text-slate-400">
          {onlyReviewersNote}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={disabled} aria-describedby={describedBy} onClick={() => decide('approve')}>
          {pending === 'approve' ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CheckCircle2 aria-hidden="true" />}
          {pending === 'approve' ? 'Aprobando...' : 'Aprobar'}
        </Button>
        <Button variant="danger-outline" disabled={disabled} aria-describedby={describedBy} onClick={() => setAskingReject(true)}>
          {pending === 'reject' ? <Loader2 aria-hidden="true" className="animate-spin" /> : <XCircle aria-hidden="true" />}
          {pending === 'reject' ? 'Rechazando...' : 'Rechazar'}
        </Button>
      </div>
      <ConfirmDialog
        open={askingReject}
        onOpenChange={setAskingReject}
        title="Rechazar investigación"
        description={
          `¿Rechazar la investigación ${folio}? La póliza quedará como «Investigación rechazada» ` +
          'y sus documentos ya no se podrán cambiar.'
        }
        confirmLabel="Rechazar"
        tone="danger"
        onConfirm={() => {
          setAskingReject(false);
          decide('reject');
        }}
      />
    </div>
  );
}
