import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

/** How many the bell's list shows: the newest; older ones have been read or can wait. */
const bellLimit = 20;
/** The bell asks again this often while the page is open (and at once when the window regains focus). */
const bellPollMs = 30_000;

const notificationsKey = ['notifications'] as const;

function notificationsQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsKey, 'bell'] as const,
    queryFn: ({ signal }) => callEndpoint(notificationEndpoints.list, { query: { limit: bellLimit } }, { signal }),
    refetchInterval: bellPollMs,
    refetchOnWindowFocus: true,
    // Polling already retries every 30 s.
    retry: false,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(notificationEndpoints.read, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(notificationEndpoints.readAll),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
