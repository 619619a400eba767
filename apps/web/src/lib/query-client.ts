import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** 4xx answers will not change on a retry; network hiccups and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Lists are small: show the cached copy at once and refresh it on every visit.
      queries: { staleTime: 0, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
