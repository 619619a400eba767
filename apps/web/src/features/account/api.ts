import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ChangePasswordInput, MfaRecoveryCodes, MfaSetup, MfaStatus, NotificationKind } from '@portal/domain';
import { apiClient } from '@/lib/api-client';
import { getRefreshToken } from '@/features/auth';

const accountKey = ['account'] as const;

function accountQueryOptions() {
  return queryOptions({ queryKey: accountKey, queryFn: ({ signal }) => apiClient.get<Account>('/api/account', { signal }) });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailKinds: NotificationKind[]) => apiClient.put<Account>('/api/account/notification-preferences', { emailKinds }),
    onSuccess: (account) => queryClient.setQueryData(accountKey, account),
  });
}

/** Sends this tab's refresh token along, so this session goes on while every other one ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: Omit<ChangePasswordInput, 'refreshToken'>) =>
      apiClient.post<null>('/api/account/password', { ...input, refreshToken: getRefreshToken() ?? undefined }),
  });
}

const mfaKey = ['account', 'mfa'] as const;

/** GET /api/account/mfa: whether I sign in with a second factor. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => apiClient.get<MfaStatus>('/api/account/mfa', { signal }) });
}

/** POST /api/account/mfa/setup: a new pending secret and its QR (not a mutation hook: the enrolment asks once as it opens). */
export function startMfaSetup(): Promise<MfaSetup> {
  return apiClient.post<MfaSetup>('/api/account/mfa/setup', {});
}

export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<MfaRecoveryCodes>('/api/account/mfa/confirm', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<null>('/api/account/mfa/disable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }),
  });
}
