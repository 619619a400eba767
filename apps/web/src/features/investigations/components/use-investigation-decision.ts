import { useNavigate } from 'react-router';
import { investigationMessages } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useDecideInvestigation, type Decision } from '../api';

const texts = {
  approve: {
    done: investigationMessages.approved,
    doneDescription: investigationMessages.approvedDescription,
    failed: investigationMessages.approveError,
    unknown: investigationMessages.approveUnknownError,
  },
  reject: {
    done: investigationMessages.rejected,
    doneDescription: investigationMessages.rejectedDescription,
    failed: investigationMessages.rejectError,
    unknown: investigationMessages.rejectUnknownError,
  },
} as const;

/**
 * 'Aprobar' and 'Rechazar': the spec's toasts (a failure also says the server's reason), then
 * /policies, whose lists refetch. Nothing at all happens without an investigation id (spec).
 */
export function useInvestigationDecision(folio: string) {
  const mutation = useDecideInvestigation();
  const navigate = useNavigate();

  const decide = (decision: Decision) => {
    if (!folio || mutation.isPending) return;
    const text = texts[decision];
    mutation.mutate(
      { folio, decision },
      {
        onSuccess: () => {
          notify.success(text.done, text.doneDescription);
          void navigate(paths.policies.list.to());
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'session_expired') return;
          notify.error(text.failed, isApiError(error) ? error.message : text.unknown);
        },
      },
    );
  };

  return { decide, pending: mutation.isPending ? (mutation.variables?.decision ?? null) : null };
}
