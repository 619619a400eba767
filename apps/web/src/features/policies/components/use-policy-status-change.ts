import { useState } from 'react';
import type { PolicyStatus, PolicySummary } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useSession } from '@/features/auth';
import { useChangePolicyStatus } from '../api';

const statusChangeError = 'No se pudo cambiar el estatus';

/**
 * The row menu's status changes: `{ status, userId, branchId }` (spec), then every policy list
 * refetches (the mutation waits for it, so the row shows the new status when the spinner goes).
 * Also holds which policy the 'Confirmar Firma' dialog is asking about.
 */
export function usePolicyStatusChange() {
  const { user } = useSession();
  const mutation = useChangePolicyStatus();
  // The policy stays after the dialog closes so focus can go back to its row's menu button.
  const [signing, setSigning] = useState<{ policy: PolicySummary | null; open: boolean }>({ policy: null, open: false });
  const closeSignature = () => setSigning((current) => ({ ...current, open: false }));

  const change = (policy: PolicySummary, status: PolicyStatus) => {
    if (!user) return;
    mutation.mutate(
      { id: policy.id, status, userId: user.id, branchId: user.branchId ?? policy.branchId },
      {
        onSuccess: closeSignature,
        onError: (error) => {
          closeSignature();
          // The spec shows nothing here; a short toast beats a menu that silently did nothing, and
          // the server's reason says what to fix (Generar Contratos: the datum the contracts lack).
          // Not when the session just ended: the user is already being sent to /login.
          if (!isSessionExpired(error)) notify.error(statusChangeError, errorMessage(error));
        },
      },
    );
  };

  return {
    change,
    busyPolicyId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    signing,
    askSignature: (policy: PolicySummary) => setSigning({ policy, open: true }),
    closeSignature,
  };
}
