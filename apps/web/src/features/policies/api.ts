import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DashboardStats,
  Policy,
  PolicyEvent,
  PolicyFormValues,
  PolicySearchResult,
  PolicyStatus,
} from '@portal/domain';
import { apiClient } from '@/lib/api-client';

/** Rows fetched per page of the list and tracking screens. */
const policyPageSize = 25;
const dashboardTimeoutMs = 15_000;

export interface PolicyFilters {
  q: string;
  status?: PolicyStatus | undefined;
}

// --- search (list and tracking) ----------------------------------------------------------------

function searchPolicies(filters: PolicyFilters, cursor: string | null, signal?: AbortSignal) {
  return apiClient.get<PolicySearchResult>('/api/policy/search', {
    query: { q: filters.q.trim() || undefined, status: filters.status, limit: policyPageSize, cursor: cursor ?? undefined },
    signal,
    // Spec section 8: a failed list call (401/403/500/504, timeout, no response) ends the session.
    endSessionOnFailure: true,
  });
}

function policySearchQueryOptions(filters: PolicyFilters) {
  return infiniteQueryOptions({
    queryKey: ['policies', 'search', { q: filters.q.trim(), status: filters.status ?? null }] as const,
    queryFn: ({ pageParam, signal }) => searchPolicies(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A failure that matters has already ended the session; what is left (a 400) will not heal.
    retry: false,
  });
}

export function usePolicySearch(filters: PolicyFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...policySearchQueryOptions(filters),
    enabled: options.enabled ?? true,
    // While a new search runs the previous rows stay on screen instead of a spinner per keystroke.
    placeholderData: keepPreviousData,
  });
}

// --- one policy and its history ----------------------------------------------------------------

function getPolicy(id: number, signal?: AbortSignal) {
  return apiClient.get<Policy>(`/api/policy/unique/${id}`, { signal });
}

function policyQueryOptions(id: number) {
  return queryOptions({ queryKey: ['policies', 'detail', id] as const, queryFn: ({ signal }) => getPolicy(id, signal) });
}

export function usePolicy(id: number) {
  return useQuery({ ...policyQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

function policyEventsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['policies', 'events', id] as const,
    queryFn: ({ signal }) => apiClient.get<PolicyEvent[]>(`/api/policy/${id}/events`, { signal }),
  });
}

export function usePolicyEvents(id: number) {
  return useQuery({ ...policyEventsQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

// --- dashboard ---------------------------------------------------------------------------------

function dashboardQueryOptions(branchId: number) {
  return queryOptions({
    queryKey: ['policies', 'dashboard', branchId] as const,
    queryFn: ({ signal }) =>
      apiClient.get<DashboardStats>(`/api/policy/dashboard/${branchId}`, { signal, timeoutMs: dashboardTimeoutMs }),
    // Spec section 8 maps each failure to a message at once (or a logout); a silent retry would
    // double the 15 s wait before the user is told anything.
    retry: false,
  });
}

export function useDashboardStats(branchId: number | null) {
  return useQuery({ ...dashboardQueryOptions(branchId ?? 0), enabled: branchId !== null && branchId > 0 });
}

// --- writes ------------------------------------------------------------------------------------

function createPolicy(body: PolicyFormValues) {
  return apiClient.post<Policy>('/api/policy', body);
}

function updatePolicy(id: number, body: PolicyFormValues) {
  return apiClient.post<Policy>(`/api/policy/update/${id}`, body);
}

/** The tracking row menu: `{ status, userId, branchId }` as the spec sends it. */
function changePolicyStatus(id: number, body: { status: PolicyStatus; userId: number; branchId: number | null }) {
  return apiClient.post<Policy>(`/api/policy/update/${id}`, body);
}

function useRefreshPolicies() {
  const queryClient = useQueryClient();
  return async (policy: Policy) => {
    queryClient.setQueryData(policyQueryOptions(policy.id).queryKey, policy);
    // Lists, dashboard counts and the history all change with any write.
    await queryClient.invalidateQueries({ queryKey: ['policies'] });
  };
}

export function useCreatePolicy() {
  const refresh = useRefreshPolicies();
  return useMutation({ mutationFn: createPolicy, onSuccess: refresh });
}

export function useUpdatePolicy() {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PolicyFormValues }) => updatePolicy(id, body),
    onSuccess: refresh,
  });
}

export function useChangePolicyStatus() {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; status: PolicyStatus; userId: number; branchId: number | null }) =>
      changePolicyStatus(id, body),
    onSuccess: refresh,
  });
}
