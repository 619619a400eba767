import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type ChangePasswordInput, type MfaSetup, type NotificationKind } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';
import { getRefreshToken } from '@/features/auth';

const accountKey = ['account'] as const;

function accountQueryOptions() {
  return queryOptions({ queryKey: accountKey, queryFn: ({ signal }) => callEndpoint(accountEndpoints.get, {}, { signal }) });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailKinds: NotificationKind[]) => callEndpoint(accountEndpoints.saveEmailPreferences, { body: { emailKinds } }),
    onSuccess: (account) => queryClient.setQueryData(accountKey, account),
  });
}

/** Sends this tab's refresh token along, so this session goes on while every other one ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: Omit<ChangePasswordInput, 'refreshToken'>) =>
      callEndpoint(accountEndpoints.changePassword, { body: { ...input, refreshToken: getRefreshToken() ?? undefined } }),
  });
}

const mfaKey = ['account', 'mfa'] as const;

/** GET /api/account/mfa: whether I sign in with a second factor. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => callEndpoint(accountEndpoints.mfaStatus, {}, { signal }) });
}

/** POST /api/account/mfa/setup: a new pending secret and its QR (not a mutation hook: the enrolment asks once as it opens). */
export function startMfaSetup(): Promise<MfaSetup> {
  return callEndpoint(accountEndpoints.startMfaSetup);
}

export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(accountEndpoints.confirmMfa, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(accountEndpoints.disableMfa, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }),
  });
}
