import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobName, JobsOverview } from '@portal/domain';
import { apiClient } from '@/lib/api-client';

/** While the page is open it follows the queue: a run asked for now shows up within seconds. */
const REFRESH_MS = 10_000;

function jobsOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'jobs'] as const,
    queryFn: ({ signal }) => apiClient.get<JobsOverview>('/api/admin/jobs', { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useJobsOverview() {
  return useQuery(jobsOverviewQueryOptions());
}

export function useRunJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: JobName) => apiClient.post<{ id: string; message: string }>(`/api/admin/jobs/${name}/run`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsOverviewQueryOptions().queryKey }),
  });
}
