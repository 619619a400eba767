import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useIssueTemporaryPassword } from '../api';

/**
 * 'Generar contraseña temporal' (issue 19): after a confirmation (it ends the user's sessions),
 * the generated password is shown here once, for the admin to hand over; the user must change it
 * at their next sign-in.
 */
export function TemporaryPasswordButton({ userId }: { userId: number }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const issue = useIssueTemporaryPassword();

  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Genere una contraseña temporal que el usuario deberá cambiar al iniciar sesión.</p>
        <Button type="button" variant="secondary" disabled={issue.isPending} onClick={() => setConfirming(true)}>
          Generar contraseña temporal
        </Button>
      </div>
      {password ? (
        <p role="status" className="text-sm">
          Contraseña temporal (solo se muestra esta vez): <code className="font-mono text-base select-all">{password}</code>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Generar contraseña temporal"
        description="Se cerrarán las sesiones abiertas del usuario y su contraseña actual dejará de funcionar."
        busy={issue.isPending}
        onConfirm={() =>
          issue.mutate(userId, {
            onSuccess: (result) => {
              setPassword(result.temporaryPassword);
              setConfirming(false);
            },
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      />
    </section>
  );
}
