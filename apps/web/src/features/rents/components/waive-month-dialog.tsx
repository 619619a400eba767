import { useState } from 'react';
import { formatPesos, periodLabel, rentMessages, rentReasonMax, waiverInputSchema, type RentMonth } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { useWaiveMonth } from '../api';
import { useLedgerVersion } from './use-ledger-version';

const reasonHint = 'Obligatorio. Quedará junto a la renta y en el historial de la póliza.';

/** Whether a month can still be forgiven: not paid in full and not forgiven already. */
export function isWaivable(month: RentMonth): boolean {
  return !['paid', 'paid_late', 'waived'].includes(month.state);
}

/** 'Condonar renta' (managers): asks for the reason (the API's own schema) before anything is sent. */
export function WaiveMonthButton({ policyId, version, month }: { policyId: number; version: number; month: RentMonth }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger-outline" size="sm" onClick={() => setOpen(true)}>
        Condonar renta
      </Button>
      {/* Mounted per opening: the reason starts empty and the version is the one shown when clicked. */}
      {open ? <WaiveConfirm policyId={policyId} openedAt={version} month={month} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function WaiveConfirm({ policyId, openedAt, month, onClose }: { policyId: number; openedAt: number; month: RentMonth; onClose: () => void }) {
  const waive = useWaiveMonth(policyId);
  const { version, staleMessage, caughtStale, clearStale } = useLedgerVersion(policyId, openedAt);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    clearStale();
    const parsed = waiverInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    waive.mutate(
      { monthId: month.id, reason: parsed.data.reason, ifMatch: version },
      {
        onSuccess: () => {
          notify.success(rentMessages.waived);
          onClose();
        },
        onError: (failure) => {
          if (isSessionExpired(failure) || caughtStale(failure)) return;
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
        if (!next && !waive.isPending) onClose();
      }}
      title="Condonar renta"
      description={
        <>
          La renta de <span className="font-medium">{periodLabel(month.period)}</span> ({formatPesos(month.owed)} por pagar) quedará
          «Condonada» con su motivo y dejará de contar en el atraso. Los pagos ya aplicados se conservan. No se puede deshacer.
        </>
      }
      confirmLabel="Condonar renta"
      tone="danger"
      busy={waive.isPending}
      onConfirm={confirm}
    >
      <div className="mt-4 space-y-3">
        {staleMessage ? (
          <Alert>
            <p>{staleMessage}</p>
            <p className="mt-1">Las rentas ya se actualizaron: revíselas antes de confirmar.</p>
          </Alert>
        ) : null}
        <ReasonField
          label="Motivo"
          hint={reasonHint}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          max={rentReasonMax}
          disabled={waive.isPending}
        />
      </div>
    </ConfirmDialog>
  );
}
