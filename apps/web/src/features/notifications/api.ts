import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@portal/domain';
import { apiClient } from '@/lib/api-client';

/** How many the bell's list shows: the newest; older ones have been read or can wait. */
const bellLimit = 20;
/** The bell asks again this often while the page is open (and at once when the window regains focus). */
const bellPollMs = 30_000;

const notificationsKey = ['notifications'] as const;

function notificationsQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsKey, 'bell'] as const,
    queryFn: ({ signal }) => apiClient.get<NotificationList>('/api/notifications', { query: { limit: bellLimit }, signal }),
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
    mutationFn: (id: number) => apiClient.post<Notification>(`/api/notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ unreadCount: number }>('/api/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
