import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A deep link (`/policies/5#documentos`) arrives before the sections exist, so the browser's own
 * jump finds nothing: once `ready`, scroll to the hash's section and give it focus, so the
 * keyboard continues from there too.
 */
export function useScrollToSection(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
