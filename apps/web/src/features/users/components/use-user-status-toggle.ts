import { useState } from 'react';
import type { User } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSetUserStatus } from '../api';

/**
 * Activar goes straight through; Desactivar first asks (the person can no longer sign in).
 * Either sends only `{ status }`, then the list refetches.
 */
export function useUserStatusToggle() {
  const mutation = useSetUserStatus();
  const [confirming, setConfirming] = useState<User | null>(null);

  const send = (user: User, status: User['status']) =>
    mutation.mutate(
      { id: user.id, status },
      {
        onSuccess: () => {
          setConfirming(null);
          notify.success(status === 'active' ? 'Usuario activado correctamente' : 'Usuario desactivado correctamente');
        },
        onError: (error) => {
          setConfirming(null);
          notify.error('Error al actualizar el estatus del usuario', errorMessage(error));
        },
      },
    );

  return {
    confirming,
    busyUserId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    request: (user: User) => (user.status === 'active' ? setConfirming(user) : send(user, 'active')),
    confirm: () => confirming && send(confirming, 'inactive'),
    cancel: () => setConfirming(null),
  };
}
