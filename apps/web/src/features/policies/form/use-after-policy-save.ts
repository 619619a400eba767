import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';

/** Spec sections 8-9: policy success toasts last 4 s (others 2 s), and /policies follows after 1 s. */
export const policySavedToastMs = 4000;
export const redirectAfterSaveMs = 1000;

/**
 * What follows a successful save: the toast, a one-second pause (the submit button stays busy, so
 * nothing is sent twice), then the list. Someone who left the screen meanwhile is not pulled back.
 */
export function useAfterPolicySave() {
  const navigate = useNavigate();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return async (message: string) => {
    toast.success(message, { duration: policySavedToastMs });
    await new Promise((resolve) => setTimeout(resolve, redirectAfterSaveMs));
    if (mounted.current) await navigate(paths.policies.list.to());
  };
}
