import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobEndpoints, type JobName } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

/** While the page is open it follows the queue: a run asked for now shows up within seconds. */
const REFRESH_MS = 10_000;

function jobsOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'jobs'] as const,
    queryFn: ({ signal }) => callEndpoint(jobEndpoints.overview, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useJobsOverview() {
  return useQuery(jobsOverviewQueryOptions());
}

export function useRunJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: JobName) => callEndpoint(jobEndpoints.runNow, { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsOverviewQueryOptions().queryKey }),
  });
}
