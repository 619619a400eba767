import { useCallback, useEffect, useRef } from 'react';

/**
 * Whether the component is still on screen, for work that finishes after an await: someone who
 * left the screen meanwhile is not pulled back by a late navigation.
 */
export function useIsMounted(): () => boolean {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => mounted.current, []);
}
