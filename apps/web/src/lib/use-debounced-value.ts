import { useEffect, useState } from 'react';

/** How long the search boxes wait after the last keystroke before asking the server. */
export const searchDebounceMs = 300;

/** `value`, once it has stopped changing for `delayMs`: typing stays instant, the call waits. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
