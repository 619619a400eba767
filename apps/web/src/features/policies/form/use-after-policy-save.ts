import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { useIsMounted } from '@/lib/use-is-mounted';

/** Spec sections 8-9: policy success toasts last 4 s (others 2 s), and /policies follows after 1 s. */
const policySavedToastMs = 4000;
const redirectAfterSaveMs = 1000;

/**
 * What follows a successful save: the toast, a one-second pause (the submit button stays busy, so
 * nothing is sent twice), then the list. Someone who left the screen meanwhile is not pulled back.
 */
export function useAfterPolicySave() {
  const navigate = useNavigate();
  const isMounted = useIsMounted();

  return async (message: string) => {
    toast.success(message, { duration: policySavedToastMs });
    await new Promise((resolve) => setTimeout(resolve, redirectAfterSaveMs));
    if (isMounted()) await navigate(paths.policies.list.to());
  };
}
