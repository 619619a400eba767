import { useState } from 'react';
import { policyDisplayFolio, policyLifecycleMessages, policyTerminationInputSchema, terminationReasonLabel, terminationReasonMax, type Policy } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
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
        <ReasonField
          label={terminationReasonLabel}
          hint={reasonHint}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          max={terminationReasonMax}
          disabled={mutation.isPending}
        />
      </div>
    </ConfirmDialog>
  );
}
