import { type LoginRequest, type LoginTokens, type MfaEnrolledLogin, type MfaSetup } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';
import { startSession } from './session/session-lifecycle';
import { loadAuthEndpoints } from './load-auth-endpoints';

/** The cache key of 'who am I' (GET /api/auth/me). */
export const meQueryKey = ['auth', 'me'] as const;

/** What the password step leads to: a session, or a challenge (a code, or an enrolment first). */
export type SignInOutcome =
  | { kind: 'signedIn'; session: LoginTokens }
  | { kind: 'mfaRequired'; challenge: string }
  | { kind: 'mfaEnrolmentRequired'; challenge: string };

/**
 * POST /api/auth/login, then the session starts — unless the account has MFA (issue 19): then the
 * challenge for the second step. No TanStack Query here: /login loads without it (issue 13).
 */
export async function signIn(body: LoginRequest): Promise<SignInOutcome> {
  const answer = await callEndpoint((await loadAuthEndpoints()).login, { body }, { auth: false, timeoutMs: 15_000 });
  if ('mfaRequired' in answer) return { kind: 'mfaRequired', challenge: answer.challenge };
  if ('mfaEnrolmentRequired' in answer) return { kind: 'mfaEnrolmentRequired', challenge: answer.challenge };
  await beginSession(answer);
  return { kind: 'signedIn', session: answer };
}

/** POST /api/auth/login/mfa: the code (or a recovery code) for the challenge; then the session starts. */
export async function signInWithCode(challenge: string, code: string): Promise<LoginTokens> {
  const session = await callEndpoint((await loadAuthEndpoints()).loginWithCode, { body: { challenge, code } }, { auth: false, timeoutMs: 15_000 });
  await beginSession(session);
  return session;
}

/** POST /api/auth/login/mfa-setup: the secret and QR of an enrolment the sign-in requires. */
export async function startRequiredEnrolment(challenge: string): Promise<MfaSetup> {
  return callEndpoint((await loadAuthEndpoints()).startRequiredMfaSetup, { body: { challenge } }, { auth: false, timeoutMs: 15_000 });
}

/** POST /api/auth/login/mfa-setup/confirm: MFA on, the session starts; the recovery codes come back to show. */
export async function confirmRequiredEnrolment(challenge: string, code: string): Promise<MfaEnrolledLogin> {
  const session = await callEndpoint((await loadAuthEndpoints()).confirmRequiredMfaSetup, { body: { challenge, code } }, { auth: false, timeoutMs: 15_000 });
  await beginSession(session);
  return session;
}

/**
 * The query client is loaded beside (the shell needs it next): nothing cached for a previous user
 * survives a new sign-in, and 'who am I' is seeded with the answer.
 */
async function beginSession(session: LoginTokens): Promise<void> {
  startSession(session);
  try {
    const { queryClient } = await import('@/lib/query-client');
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, session.user);
  } catch {
    // Not loaded (offline right now): then nothing was cached either; the shell asks /me itself.
  }
}
