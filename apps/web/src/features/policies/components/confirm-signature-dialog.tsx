import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { PolicyStatus, PolicySummary } from '@portal/domain';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { overlayClasses } from '@/components/ui/dialog';
import { rowMenuTriggerId } from './policy-row-menu';

interface ConfirmSignatureDialogProps {
  open: boolean;
  /** The policy in signature whose outcome is asked; kept after closing, to refocus its row. */
  policy: PolicySummary | null;
  busy: boolean;
  onClose: () => void;
  onChoose: (status: Extract<PolicyStatus, 'active' | 'cancelled'>) => void;
}

/**
 * 'Confirmar Firma': Cerrar leaves the policy as it is, Cancelar Firma cancels it, Confirmar
 * Firma activates it. An alert dialog: a choice is needed, a click outside does not dismiss it.
 */
export function ConfirmSignatureDialog({ open, policy, busy, onClose, onChoose }: ConfirmSignatureDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          // The item that opened it lived in the row menu, which is gone: go back to the row's button.
          onCloseAutoFocus={(event) => {
            const trigger = policy ? document.getElementById(rowMenuTriggerId(policy.id)) : null;
            if (trigger) {
              event.preventDefault();
              trigger.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl',
            'border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-800 dark:bg-slate-900',
          )}
        >
          <AlertDialog.Title className="text-lg font-semibold">Confirmar Firma</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            ¿Se ha completado el proceso de firma de los contratos?
          </AlertDialog.Description>
          {policy ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Póliza {policy.investigationId}</p> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cerrar
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger-outline" disabled={busy} onClick={() => onChoose('cancelled')}>
              Cancelar Firma
            </Button>
            <Button disabled={busy} aria-busy={busy || undefined} onClick={() => onChoose('active')}>
              Confirmar Firma
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
