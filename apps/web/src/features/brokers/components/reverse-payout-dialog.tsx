import { useState } from 'react';
import { formatPesos, rentReasonMax, reversalInputSchema, type CommissionPayout } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { useReversePayout } from '../api';

/** 'Revertir' a payout: its commissions go back to Pendiente; the payout stays with the reason. */
export function ReversePayoutButton({ payout }: { payout: CommissionPayout }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reverse = useReversePayout();
  const label = `${payout.paidOn} · ${formatPesos(payout.net)} · ${payout.reference}`;

  const confirm = () => {
    const parsed = reversalInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    reverse.mutate(
      { payoutId: payout.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notify.success('Pago de comisiones revertido');
          setOpen(false);
        },
        onError: (failure) => {
          if (!isSessionExpired(failure)) setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Revertir pago del ${label}`}>
        Revertir
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !reverse.isPending && setOpen(next)}
        title="Revertir pago de comisiones"
        description={`El pago del ${label} queda registrado como revertido y sus comisiones vuelven a Pendiente.`}
        confirmLabel="Revertir pago"
        tone="danger"
        busy={reverse.isPending}
        onConfirm={confirm}
      >
        <div className="mt-4">
          <ReasonField label="Motivo" hint="Por ejemplo: la transferencia fue rechazada." value={reason} onChange={setReason} error={error} max={rentReasonMax} disabled={reverse.isPending} />
        </div>
      </ConfirmDialog>
    </>
  );
}
