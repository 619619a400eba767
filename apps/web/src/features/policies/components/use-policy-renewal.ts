import { useState } from 'react';
import { useNavigate } from 'react-router';
import { policyLifecycleMessages, type PolicySummary } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useRenewPolicy } from '../api';

type Renewable = Pick<PolicySummary, 'id' | 'investigationId' | 'policyNumber'>;

/**
 * 'Renovar' from the tracking menu or the expediente: asks first, then creates the renewal and
 * opens its form (/policies/{newId}/edit), where the agent reviews what was copied.
 */
export function usePolicyRenewal() {
  const mutation = useRenewPolicy();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Renewable | null>(null);

  /** `rent`: the renewal's rent from the dialog; undefined keeps the current one. */
  const confirm = (rent?: string) => {
    if (!asking) return;
    mutation.mutate({ id: asking.id, rent }, {
      onSuccess: (renewal) => {
        setAsking(null);
        // Above the branch's cap is allowed: the warning stays on screen with the success.
        notify.success(policyLifecycleMessages.renewed, renewal.rentWarning ?? undefined);
        void navigate(paths.policies.edit.to(renewal.id));
      },
      onError: (error) => {
        setAsking(null);
        if (!isSessionExpired(error)) notify.error(errorMessage(error));
      },
    });
  };

  return {
    asking,
    busy: mutation.isPending,
    ask: (policy: Renewable) => setAsking(policy),
    close: () => {
      if (!mutation.isPending) setAsking(null);
    },
    confirm,
  };
}
