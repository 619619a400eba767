import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useUnlockUser } from '../api';

/**
 * The edit screen's 'Desbloquear inicio de sesión': after too many failed sign-ins the user waits
 * minutes between tries; an admin who has confirmed it is them lets them in again at once.
 */
export function UnlockSignInButton({ userId }: { userId: number }) {
  const unlock = useUnlockUser();
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-sm text-muted-foreground">
        Si el usuario tiene que esperar por demasiados intentos fallidos, puede desbloquear su inicio de sesión.
      </p>
      <Button
        type="button"
        variant="secondary"
        disabled={unlock.isPending}
        onClick={() =>
          unlock.mutate(userId, {
            onSuccess: () => notify.success('Inicio de sesión desbloqueado'),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        {unlock.isPending ? 'Desbloqueando...' : 'Desbloquear inicio de sesión'}
      </Button>
    </section>
  );
}
