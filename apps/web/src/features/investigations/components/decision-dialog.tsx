import { useId, useState, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import {
  decisionReasonLabel,
  decisionReasonMaxLength,
  investigationDecisionInputSchema,
  type MissingDocument,
} from '@portal/domain';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, describedControl } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import type { Decision } from '../api';

interface DecisionDialogProps {
  decision: Decision | null;
  folio: string;
  /** Required documents not uploaded (approving only); empty when complete or not known. */
  missing: readonly MissingDocument[];
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

const reasonHint = 'Quedará en el historial de la póliza.';

function question(decision: Decision, folio: string, missing: number): ReactNode {
  // The folio stays on one line: a narrow dialog would break it at its hyphens.
  const name = <span className="whitespace-nowrap">{folio}</span>;
  if (decision === 'reject') {
    return (
      <>
        ¿Rechazar la investigación {name}? La póliza quedará como «Investigación rechazada» y sus documentos ya no se podrán cambiar.
      </>
    );
  }
  if (missing > 0) return <>Faltan documentos obligatorios en la investigación {name}:</>;
  return (
    <>
      ¿Aprobar la investigación {name}? La póliza quedará como «Investigación aprobada» y sus documentos ya no se podrán cambiar.
    </>
  );
}

function confirmLabel(decision: Decision, missing: number): string {
  if (decision === 'reject') return 'Rechazar';
  return missing > 0 ? 'Aprobar de todos modos' : 'Aprobar';
}

/**
 * The question before 'Aprobar' or 'Rechazar': what the decision does, the required documents
 * still missing (approving anyway is recorded), and an optional reason for the history, checked
 * by the API's own schema before anything is sent.
 */
export function DecisionDialog({ decision, folio, missing, busy, onClose, onConfirm }: DecisionDialogProps) {
  const shown = decision ?? 'approve';
  const missingCount = shown === 'approve' ? missing.length : 0;
  // The typing belongs to one opening: another decision (or a new opening) starts blank.
  const [draft, setDraft] = useState<{ decision: Decision | null; text: string; error?: string }>({ decision: null, text: '' });
  const current = draft.decision === decision ? draft : { decision, text: '', error: undefined };
  const id = useId();

  const confirm = () => {
    const parsed = investigationDecisionInputSchema.safeParse({ reason: current.text });
    if (parsed.success) onConfirm(parsed.data.reason);
    else setDraft({ ...current, error: parsed.error.issues[0]?.message });
  };

  return (
    <ConfirmDialog
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open && !busy) {
          setDraft({ decision: null, text: '' });
          onClose();
        }
      }}
      title={shown === 'approve' ? 'Aprobar investigación' : 'Rechazar investigación'}
      description={question(shown, folio, missingCount)}
      confirmLabel={confirmLabel(shown, missingCount)}
      tone={shown === 'reject' || missingCount > 0 ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={confirm}
    >
      {missingCount > 0 ? <MissingList missing={missing} /> : null}
      <div className="mt-4">
        <FormField id={id} label={`${decisionReasonLabel} (opcional)`} error={current.error} hint={reasonHint}>
          <textarea
            {...describedControl(id, current.error, reasonHint)}
            value={current.text}
            onChange={(event) => setDraft({ decision, text: event.target.value })}
            maxLength={decisionReasonMaxLength}
            rows={3}
            disabled={busy}
            className={cn(controlClasses, 'min-h-20 py-2')}
          />
        </FormField>
        <p aria-hidden="true" className="mt-1 text-right text-xs text-slate-500 dark:text-slate-400">
          {current.text.length}/{decisionReasonMaxLength}
        </p>
      </div>
    </ConfirmDialog>
  );
}

function MissingList({ missing }: { missing: readonly MissingDocument[] }) {
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      <ul aria-label="Documentos faltantes" className="list-disc space-y-0.5 pl-5">
        {missing.map((document) => (
          <li key={document.slot}>{document.label}</li>
        ))}
      </ul>
      <p className="mt-2 flex items-start gap-1.5">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Si aprueba sin ellos, el historial registrará cuáles faltaban.
      </p>
    </div>
  );
}
