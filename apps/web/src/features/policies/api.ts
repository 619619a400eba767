import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accessLogEndpoints,
  claimEndpoints,
  defaultPolicySort,
  policyEndpoints,
  policyFileEndpoints,
  type Policy,
  type PolicyFormValues,
  type PolicyStatus,
} from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';
import type { PolicyListFilters } from './components/policy-list-params';

/** Rows fetched per page of the list and tracking screens. */
const policyPageSize = 25;
const dashboardTimeoutMs = 15_000;

// --- search (list and tracking) ----------------------------------------------------------------

/** The filters as the API's query (`?q=&status=&type=&agent=&from=&to=&sort=&branchId=`), shared by the search and the export. */
export function policyFiltersQuery(filters: PolicyListFilters) {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status,
    type: filters.type,
    agent: filters.agent,
    from: filters.from,
    to: filters.to,
    // The server's default order goes unsaid: the same search, the same URL (and cached page).
    sort: filters.sort === defaultPolicySort ? undefined : filters.sort,
    branchId: filters.branch,
    arrears: filters.arrears ? ('1' as const) : undefined,
  };
}

function searchPolicies(filters: PolicyListFilters, cursor: string | null, signal?: AbortSignal) {
  return callEndpoint(
    policyEndpoints.search,
    { query: { ...policyFiltersQuery(filters), limit: policyPageSize, cursor: cursor ?? undefined } },
    // Spec section 8: a failed list call (401/403/500/504, timeout, no response) ends the session.
    { signal, endSessionOnFailure: true },
  );
}

export function policySearchQueryOptions(filters: PolicyListFilters) {
  return infiniteQueryOptions({
    // Every filter and the sort, each normalised, so equal searches share one cache entry.
    queryKey: ['policies', 'search', policyFiltersQuery(filters)] as const,
    queryFn: ({ pageParam, signal }) => searchPolicies(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A failure that matters has already ended the session; what is left (a 400) will not heal.
    retry: false,
    // The route's loader may have fetched the first page a moment ago (prefetch.ts): not again.
    staleTime: 2_000,
  });
}

export function usePolicySearch(filters: PolicyListFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...policySearchQueryOptions(filters),
    enabled: options.enabled ?? true,
    // While a new search runs the previous rows stay on screen instead of a spinner per keystroke.
    placeholderData: keepPreviousData,
  });
}

// --- one policy and its history ----------------------------------------------------------------

function getPolicy(id: number, signal?: AbortSignal) {
  return callEndpoint(policyEndpoints.get, { params: { id } }, { signal });
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
    queryFn: ({ signal }) => callEndpoint(policyEndpoints.events, { params: { id } }, { signal }),
  });
}

export function usePolicyEvents(id: number) {
  return useQuery({ ...policyEventsQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/**
 * The expediente's branch and agent names, documents checklist, addendums and appointments
 * (GET /api/policy/{id}/file). Under 'policies': any policy write refreshes it with the rest.
 */
function policyFileQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['policies', 'file', id] as const,
    queryFn: ({ signal }) => callEndpoint(policyFileEndpoints.get, { params: { id } }, { signal }),
  });
}

export function usePolicyFile(id: number) {
  return useQuery({ ...policyFileQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** One of the policy's incidencias' documents (issue 33), as a PDF (it needs the bearer header). */
export function fetchClaimDocument(documentId: number): Promise<Blob> {
  return callEndpointForBlob(claimEndpoints.document, { params: { id: documentId } }, { requireToken: true, timeoutMs: 60_000 });
}

/** 'Accesos' (issue 19): who viewed or downloaded the policy's documents; managers and admins only. */
export function usePolicyAccessLog(id: number, page: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['policies', 'access-log', id, page] as const,
    queryFn: ({ signal }) => callEndpoint(accessLogEndpoints.policyLog, { params: { id }, query: { page } }, { signal }),
    enabled: options.enabled && Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

// --- the agent filter -----------------------------------------------------------------------------

function policyAgentsQueryOptions(branchId: number | undefined) {
  return queryOptions({
    queryKey: ['policies', 'agents', branchId ?? null] as const,
    queryFn: ({ signal }) => callEndpoint(policyEndpoints.agents, { query: { branchId } }, { signal }),
    // The branch's staff changes rarely; the list's own data is what must be fresh.
    staleTime: 5 * 60_000,
  });
}

export function usePolicyAgents(branchId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...policyAgentsQueryOptions(branchId), enabled: options.enabled ?? true });
}

// --- dashboard ---------------------------------------------------------------------------------

/** A branch's counts, or (`'all'`, admins) every branch's. */
export type DashboardScope = number | 'all';

function dashboardQueryOptions(scope: DashboardScope) {
  return queryOptions({
    queryKey: ['policies', 'dashboard', scope] as const,
    queryFn: ({ signal }) =>
      scope === 'all'
        ? callEndpoint(policyEndpoints.dashboard, {}, { signal, timeoutMs: dashboardTimeoutMs })
        : callEndpoint(policyEndpoints.branchDashboard, { params: { branchId: scope } }, { signal, timeoutMs: dashboardTimeoutMs }),
    // Spec section 8 maps each failure to a message at once (or a logout); a silent retry would
    // double the 15 s wait before the user is told anything.
    retry: false,
  });
}

export function useDashboardStats(scope: DashboardScope | null) {
  return useQuery({ ...dashboardQueryOptions(scope ?? 0), enabled: scope === 'all' || (scope !== null && scope > 0) });
}

// --- writes ------------------------------------------------------------------------------------

function createPolicy(body: PolicyFormValues) {
  return callEndpoint(policyEndpoints.create, { body });
}

/** The form's save; `ifMatch` is the version it was loaded at (412 when someone saved since). */
function updatePolicy(id: number, body: PolicyFormValues, ifMatch?: number) {
  return callEndpoint(policyEndpoints.update, { params: { id }, body }, { ifMatch });
}

/** The tracking row menu: `{ status, userId, branchId }` as the spec sends it. */
function changePolicyStatus(id: number, body: { status: PolicyStatus; userId: number; branchId: number | null }) {
  return callEndpoint(policyEndpoints.update, { params: { id }, body });
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
    mutationFn: ({ id, body, ifMatch }: { id: number; body: PolicyFormValues; ifMatch?: number | undefined }) => updatePolicy(id, body, ifMatch),
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

// --- renewal and early termination (issue 15) ------------------------------------------------

/** 'Renovar': the new policy (201), which the caller opens in its form; `rent` is the renewal's rent when the dialog proposed one. */
export function useRenewPolicy() {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: ({ id, rent }: { id: number; rent?: string }) => callEndpoint(policyEndpoints.renew, { params: { id }, body: rent === undefined ? undefined : { rent } }),
    onSuccess: refresh,
  });
}

/** The rent 'Renovar' proposes (the current one raised by the branch's cap), read while its dialog is open. */
export function useRenewalProposal(id: number | null) {
  return useQuery({
    queryKey: ['policies', 'renewal-proposal', id] as const,
    queryFn: ({ signal }) => callEndpoint(policyEndpoints.renewalProposal, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** 'Terminar anticipadamente', with the reason the history keeps. */
export function useTerminatePolicy() {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callEndpoint(policyEndpoints.terminate, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}
