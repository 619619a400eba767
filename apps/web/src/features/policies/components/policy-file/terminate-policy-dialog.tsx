import { useId, useState } from 'react';
import { policyDisplayFolio, policyLifecycleMessages, policyTerminationInputSchema, terminationReasonLabel, terminationReasonMax, type Policy } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, describedControl } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import { useTerminatePolicy } from '../../api';

const reasonHint = 'Obligatorio. Quedará en el historial de la póliza.';

/**
 * 'Terminar anticipadamente': the policy is cancelled before its end date, with a required
 * reason, checked by the API's own schema before anything is sent.
 */
export function TerminatePolicyDialog({ policy, open, onClose }: { policy: Policy; open: boolean; onClose: () => void }) {
  const mutation = useTerminatePolicy();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const close = () => {
    if (mutation.isPending) return;
    setReason('');
    setError(undefined);
    onClose();
  };

  const confirm = () => {
    const parsed = policyTerminationInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    mutation.mutate(
      { id: policy.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notify.success(policyLifecycleMessages.terminated);
          setReason('');
          onClose();
        },
        onError: (failure) => {
          if (isSessionExpired(failure)) return;
          setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Terminar anticipadamente"
      description={
        <>
          La póliza <span className="whitespace-nowrap">{policyDisplayFolio(policy)}</span> quedará «Cancelada»
          antes de su fin de vigencia. Esta acción no se puede deshacer.
        </>
      }
      confirmLabel="Terminar póliza"
      tone="danger"
      busy={mutation.isPending}
      onConfirm={confirm}
    >
      <div className="mt-4">
        <FormField id={id} label={terminationReasonLabel} error={error} hint={reasonHint} required>
          <textarea
            {...describedControl(id, error, reasonHint)}
            aria-required="true"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            maxLength={terminationReasonMax}
            rows={3}
            disabled={mutation.isPending}
            className={cn(controlClasses, 'min-h-20 py-2')}
          />
        </FormField>
        <p aria-hidden="true" className="mt-1 text-right text-xs text-slate-500 dark:text-slate-400">
          {reason.length}/{terminationReasonMax}
        </p>
      </div>
    </ConfirmDialog>
  );
}
