import { queryOptions, useMutation } from '@tanstack/react-query';
import { authMessages, type SessionUser } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';
import { endSession } from './session/session-lifecycle';
import { getRefreshToken } from './session/session-store';
import { meQueryKey } from './sign-in';
import { notify } from '@/lib/toast';
import { loadAuthEndpoints } from './load-auth-endpoints';

// --- who am I (re-checked on entering protected routes) ----------------------------------------

async function fetchMe({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser> {
  return callEndpoint((await loadAuthEndpoints()).me, {}, { signal, timeoutMs: 15_000 });
}

/** Cached briefly: moving between screens re-checks at most every 30 s. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe({ signal }),
    staleTime: 30_000,
    retry: false,
  });
}

// --- sign out ----------------------------------------------------------------------------------

/** Revokes the refresh token on the server. */
async function logout(refreshToken: string | null): Promise<void> {
  return callEndpoint((await loadAuthEndpoints()).logout, { body: refreshToken ? { refreshToken } : {} }, {
    refreshOnUnauthorized: false,
    timeoutMs: 5_000,
  });
}

/**
 * 'Cerrar Sesión': revoke, then — whatever the server answered — forget the session locally and
 * say so. Ending the session sends the app to /login (features/auth/session/session-events.ts); the cache of
 * this user's data is dropped at the next sign-in.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => logout(getRefreshToken()),
    onSettled: () => {
      endSession('logout');
      notify.success(authMessages.loggedOut);
    },
  });
}
