import { useId, useState } from 'react';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { MissingDocument } from '@portal/domain';
import { Button } from '@/components/ui/button';
import type { Decision } from '../api';
import { DecisionDialog } from './decision-dialog';
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
  /** Required documents not uploaded yet, as far as the screen knows. */
  missing: readonly MissingDocument[];
}

/**
 * 'Aprobar' and 'Rechazar' below the list. Both ask first, with an optional reason for the
 * history: rejecting closes the tenant's investigation for good, and approving lists the
 * required documents still missing. If the server knows of others (a stale screen), its 409
 * names them and the question is asked again with its list.
 */
export function DecisionBar({ folio, hasDocuments, canDecide, decidable, missing }: DecisionBarProps) {
  const { decide, pending } = useInvestigationDecision(folio);
  const [asking, setAsking] = useState<Decision | null>(null);
  const [serverMissing, setServerMissing] = useState<readonly MissingDocument[] | null>(null);
  const noteId = useId();
  const disabled = !folio || !hasDocuments || !canDecide || !decidable || pending !== null;
  const describedBy = canDecide ? undefined : noteId;
  const shownMissing = serverMissing ?? missing;

  const ask = (decision: Decision) => {
    setServerMissing(null);
    setAsking(decision);
  };
  const confirm = (reason: string) => {
    if (!asking) return;
    const decision = asking;
    decide(decision, { reason, confirmMissing: decision === 'approve' && shownMissing.length > 0 }, {
      onMissing: (found) => setServerMissing(found),
      onFailed: () => setAsking(null),
    });
  };

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-end dark:border-slate-800">
      {canDecide ? null : (
        <p id={noteId} className="text-sm text-slate-600 sm:mr-auto dark:text-slate-400">
          {onlyReviewersNote}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={disabled} aria-describedby={describedBy} onClick={() => ask('approve')}>
          {pending === 'approve' ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CheckCircle2 aria-hidden="true" />}
          {pending === 'approve' ? 'Aprobando...' : 'Aprobar'}
        </Button>
        <Button variant="danger-outline" disabled={disabled} aria-describedby={describedBy} onClick={() => ask('reject')}>
          {pending === 'reject' ? <Loader2 aria-hidden="true" className="animate-spin" /> : <XCircle aria-hidden="true" />}
          {pending === 'reject' ? 'Rechazando...' : 'Rechazar'}
        </Button>
      </div>
      <DecisionDialog
        decision={asking}
        folio={folio}
        missing={shownMissing}
        busy={pending !== null}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
