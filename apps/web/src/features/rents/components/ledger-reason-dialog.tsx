import type { ReactNode } from 'react';
import { rentReasonMax } from '@portal/domain';
import { ReasonConfirmDialog } from '@/components/ui/reason-confirm-dialog';
import { useLedgerVersion } from './use-ledger-version';

export { reasonResult } from '@/components/ui/reason-confirm-dialog';

interface LedgerReasonDialogProps {
  policyId: number;
  /** The ledger's version when the dialog opened (the write's If-Match). */
  openedAt: number;
  title: string;
  description: ReactNode;
  reasonHint: string;
  /** The toast after the write. */
  done: string;
  /** Checks the reason with the API's own schema: its message, or the trimmed reason. */
  parse: (reason: string) => { error: string } | { reason: string };
  /** The write itself (a TanStack mutation's `mutate`), with the reason and the version. */
  send: (input: { reason: string; ifMatch: number }, callbacks: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
  busy: boolean;
  onClose: () => void;
}

/** A ledger write that needs a reason ('Revertir pago', 'Condonar renta'), If-Match on the ledger's version. */
export function LedgerReasonDialog({ policyId, openedAt, send, ...dialog }: LedgerReasonDialogProps) {
  const version = useLedgerVersion(policyId, openedAt);
  return (
    <ReasonConfirmDialog
      {...dialog}
      reasonMax={rentReasonMax}
      send={(reason, callbacks) => send({ reason, ifMatch: version.version }, callbacks)}
      stale={{ ...version, note: 'Las rentas ya se actualizaron: revíselas antes de confirmar.' }}
    />
  );
}
