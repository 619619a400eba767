import { useState } from 'react';
import { claimMovementKindLabels, claimReversalInputSchema, formatPesos, type ClaimMovement } from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { useReverseMovement } from '../../api/case';

const reasonMax = 500;

/** 'Gastos de juzgado · $1,200.00 · 05 mar 2027'. */
export function movementTitle(movement: ClaimMovement): string {
  return `${claimMovementKindLabels[movement.kind]} · ${formatPesos(movement.amount)} · ${formatDate(movement.on)}`;
}

/** 'Revertir' a movement: mounted per opening, so the reason starts empty each time. */
export function ReverseMovementDialog({ movement, onClose }: { movement: ClaimMovement | null; onClose: () => void }) {
  return movement ? <ReverseConfirm key={movement.id} movement={movement} onClose={onClose} /> : null;
}

/** The reason is checked with the API's own schema before anything is sent; the server's refusal goes under it. */
function ReverseConfirm({ movement, onClose }: { movement: ClaimMovement; onClose: () => void }) {
  const reverse = useReverseMovement();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    const parsed = claimReversalInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    reverse.mutate(
      { movementId: movement.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notify.success('Movimiento revertido', movementTitle(movement));
          onClose();
        },
        onError: (failure) => {
          if (isSessionExpired(failure)) return;
          const detail = isApiError(failure) ? failure.details.find((item) => item.field === 'reason') : undefined;
          setError(detail?.message ?? errorMessage(failure));
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !reverse.isPending) onClose();
      }}
      title="Revertir movimiento"
      description={
        <>
          El movimiento <span className="font-medium">{movementTitle(movement)}</span> quedará tachado con su motivo y dejará de sumar en los totales. No se
          puede deshacer.
        </>
      }
      confirmLabel="Revertir movimiento"
      tone="danger"
      busy={reverse.isPending}
      onConfirm={confirm}
    >
      <div className="mt-4">
        <ReasonField
          label="Motivo"
          hint="Obligatorio. Quedará junto al movimiento."
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          max={reasonMax}
          disabled={reverse.isPending}
        />
      </div>
    </ConfirmDialog>
  );
}
