import { useState } from 'react';
import type { Policy, PolicyStatus } from '@portal/domain';
import { useSession } from '@/features/auth';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useChangePolicyStatus } from '../../api';

/**
 * The expediente's next-step buttons ('Generar Contratos', 'Enviar Contratos'): the row menu's
 * status change, asked first in a dialog. A failure leaves the status as it was and keeps the
 * server's reason in the dialog (`failure`), so the user can read what to correct.
 */
export function useAskedStatusChange(policy: Policy, to: PolicyStatus, texts: { success: string; failureTitle: string; sectionId: string }) {
  const { user } = useSession();
  const [asking, setAsking] = useState(false);
  const change = useChangePolicyStatus();
  const failure = change.error && !isSessionExpired(change.error) ? errorMessage(change.error) : null;

  const ask = () => {
    change.reset();
    setAsking(true);
  };
  const confirm = () => {
    if (!user) return;
    change.mutate(
      { id: policy.id, status: to, userId: user.id, branchId: user.branchId ?? policy.branchId },
      {
        onSuccess: () => {
          setAsking(false);
          notify.success(texts.success);
          document.getElementById(texts.sectionId)?.scrollIntoView({ block: 'start' });
        },
        onError: (error) => notify.error(texts.failureTitle, errorMessage(error)),
      },
    );
  };
  // Closing is refused while the change is on its way.
  const onOpenChange = (next: boolean) => (change.isPending ? undefined : setAsking(next));

  return { asking, ask, confirm, onOpenChange, pending: change.isPending, failure };
}
