import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { emailEndpoints, type EmailStatus } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

const emailsPageSize = 50;
const emailsKey = ['admin-emails'] as const;

function emailsQueryOptions(status: EmailStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: [...emailsKey, { status: status ?? 'all' }] as const,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(emailEndpoints.list, { query: { status, limit: emailsPageSize, before: pageParam ?? undefined } }, { signal }),
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
    mutationFn: (id: number) => callEndpoint(emailEndpoints.retry, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsKey }),
  });
}
