import type { LoginRequest, LoginResponse } from '@portal/domain';
import { apiClient } from '@/lib/api-client';
import { startSession } from './session/session-lifecycle';

/** The cache key of 'who am I' (GET /api/auth/me). */
export const meQueryKey = ['auth', 'me'] as const;

/**
 * POST /api/auth/login, then the session starts. No TanStack Query here: /login loads without it
 * (issue 13). The query client is loaded beside (the shell needs it next): nothing cached for a
 * previous user survives a new sign-in, and 'who am I' is seeded with the answer.
 */
export async function signIn(body: LoginRequest): Promise<LoginResponse> {
  const session = await apiClient.post<LoginResponse>('/api/auth/login', body, { auth: false, timeoutMs: 15_000 });
  startSession(session);
  try {
    const { queryClient } = await import('@/lib/query-client');
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, session.user);
  } catch {
    // Not loaded (offline right now): then nothing was cached either; the shell asks /me itself.
  }
  return session;
}
