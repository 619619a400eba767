import { useState } from 'react';
import { formatPesos, periodLabel, rentMessages, waiverInputSchema, type RentMonth } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { useWaiveMonth } from '../api';
import { LedgerReasonDialog, reasonResult } from './ledger-reason-dialog';

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
  return (
    <LedgerReasonDialog
      policyId={policyId}
      openedAt={openedAt}
      title="Condonar renta"
      description={
        <>
          La renta de <span className="font-medium">{periodLabel(month.period)}</span> ({formatPesos(month.owed)} por pagar) quedará
          «Condonada» con su motivo y dejará de contar en el atraso. Los pagos ya aplicados se conservan. No se puede deshacer.
        </>
      }
      reasonHint={reasonHint}
      done={rentMessages.waived}
      parse={(reason) => reasonResult(waiverInputSchema.safeParse({ reason }))}
      send={({ reason, ifMatch }, callbacks) => waive.mutate({ monthId: month.id, reason, ifMatch }, callbacks)}
      busy={waive.isPending}
      onClose={onClose}
    />
  );
}
