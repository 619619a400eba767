import { useNavigate } from 'react-router';
import { documentSlots, investigationMessages, type MissingDocument } from '@portal/domain';
import { isApiError, isSessionExpired } from '@/lib/api-error';
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

interface DecisionCallbacks {
  /** The server refused an approval for missing documents it names: ask again with its list. */
  onMissing: (missing: MissingDocument[]) => void;
  /** Any other failure, after its toast. */
  onFailed: () => void;
}

/** A 409 whose details name missing document slots (the approval needs the reviewer's confirmation). */
function missingFrom(error: unknown): MissingDocument[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const missing = error.details.flatMap((detail) => {
    const slot = documentSlots.find((candidate) => candidate === detail.field);
    return slot ? [{ slot, label: detail.message }] : [];
  });
  return missing.length > 0 ? missing : null;
}

/**
 * 'Aprobar' and 'Rechazar': the spec's toasts (a failure also says the server's reason), then
 * /policies, whose lists refetch. Nothing at all happens without an investigation id (spec).
 */
export function useInvestigationDecision(folio: string) {
  const mutation = useDecideInvestigation();
  const navigate = useNavigate();

  const decide = (decision: Decision, options: { reason: string; confirmMissing: boolean }, callbacks: DecisionCallbacks) => {
    if (!folio || mutation.isPending) return;
    const text = texts[decision];
    mutation.mutate(
      { folio, decision, ...options },
      {
        onSuccess: () => {
          notify.success(text.done, text.doneDescription);
          void navigate(paths.policies.list.to());
        },
        onError: (error) => {
          if (isSessionExpired(error)) return;
          const missing = decision === 'approve' ? missingFrom(error) : null;
          if (missing) {
            callbacks.onMissing(missing);
            return;
          }
          notify.error(text.failed, isApiError(error) ? error.message : text.unknown);
          callbacks.onFailed();
        },
      },
    );
  };

  return { decide, pending: mutation.isPending ? (mutation.variables?.decision ?? null) : null };
}
