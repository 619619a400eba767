import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ChangePasswordInput, NotificationKind } from '@portal/domain';
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
