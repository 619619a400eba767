import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '@/features/auth';
import { paths } from '@/lib/paths';

/**
 * While `active`, signs out after `delayMs` (long enough to read why) and goes to /login. The
 * shell also follows the cleared session; navigating here keeps the screen right on its own.
 */
export function useDelayedLogout(active: boolean, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      endSession('expired');
      void navigate(paths.login.to(), { replace: true });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, navigate]);
}
