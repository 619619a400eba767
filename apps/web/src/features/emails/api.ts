import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailList, EmailStatus } from '@portal/domain';
import { apiClient } from '@/lib/api-client';

const emailsPageSize = 50;
const emailsKey = ['admin-emails'] as const;

function emailsQueryOptions(status: EmailStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: [...emailsKey, { status: status ?? 'all' }] as const,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<EmailList>('/api/admin/emails', { query: { status, limit: emailsPageSize, before: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
    retry: false,
  });
}

export function useEmails(status: EmailStatus | undefined) {
  return useInfiniteQuery(emailsQueryOptions(status));
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<null>(`/api/admin/emails/${id}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsKey }),
  });
}
