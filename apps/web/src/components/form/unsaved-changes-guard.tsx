import { useLeaveGuard } from '@/lib/use-leave-guard';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes (Cancelar, the sidebar, the browser's back; a
 * reload or closing the tab gets the browser's own question). `dirty` is the form's state; a
 * form passes false while it saves, so the return after a save is never held.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useLeaveGuard(dirty);
  const held = blocker.state === 'blocked';
  return (
    <ConfirmDialog
      open={held}
      onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
      title="¿Salir sin guardar?"
      description="Hay cambios sin guardar en este formulario. Si sale ahora, se perderán."
      cancelLabel="Seguir editando"
      confirmLabel="Salir sin guardar"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
