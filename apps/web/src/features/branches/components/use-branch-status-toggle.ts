import { useState } from 'react';
import type { Branch } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSetBranchStatus } from '../api';

/** Activar goes straight through; Desactivar asks first. Only `{ status }` is sent. */
export function useBranchStatusToggle() {
  const mutation = useSetBranchStatus();
  const [confirming, setConfirming] = useState<Branch | null>(null);

  const send = (branch: Branch, status: Branch['status']) =>
    mutation.mutate(
      { id: branch.id, status },
      {
        onSuccess: () => {
          setConfirming(null);
          notify.success(status === 'active' ? 'Sucursal activada correctamente' : 'Sucursal desactivada correctamente');
        },
        onError: (error) => {
          setConfirming(null);
          notify.error('Error al actualizar el estatus de la sucursal', errorMessage(error));
        },
      },
    );

  return {
    confirming,
    busyBranchId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    request: (branch: Branch) => (branch.status === 'active' ? setConfirming(branch) : send(branch, 'active')),
    confirm: () => confirming && send(confirming, 'inactive'),
    cancel: () => setConfirming(null),
  };
}
