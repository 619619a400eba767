import { useState } from 'react';
import type { User } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useResetUserMfa } from '../api';

/** On 'Editar Usuario': whether the user has MFA on, and the admin's reset (issue 19). */
export function UserMfaPanel({ user }: { user: User }) {
  const reset = useResetUserMfa();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="space-y-3 p-5 sm:p-8">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Verificación en dos pasos</h2>
      <p className="text-sm">{user.mfaEnabled ? 'Activada' : 'No activada'}</p>
      {user.mfaEnabled ? (
        <Button type="button" variant="danger-outline" onClick={() => setConfirming(true)}>
          Restablecer verificación en dos pasos
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Restablecer verificación en dos pasos?"
        description={`${user.firstName} ${user.lastName} podrá iniciar sesión solo con su contraseña y deberá activarla de nuevo. Sus códigos de recuperación dejan de servir.`}
        confirmLabel="Restablecer"
        tone="danger"
        busy={reset.isPending}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success('Verificación en dos pasos restablecida');
            },
            onError: (error) => notify.error('No se pudo restablecer', errorMessage(error)),
          })
        }
      />
    </Card>
  );
}
