import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addendumEndpoints, addendumMessages, policyEndpoints, type Addendum, type AddendumInput, type AddendumStatus } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { callEndpoint, callEndpointForBlob, uploadToEndpoint } from '@/lib/endpoint-client';
import type { UploadOptions } from '@/lib/upload';

/** Rows fetched per page of the list, and policies offered per search in the form. */
const addendumPageSize = 25;

const addendumsKey = ['addendums'] as const;
// Each addendum written is also an event in its policy's history (server side): the policy
// screens refetch after any write here.
const policiesKey = ['policies'] as const;

// --- search (the list) -------------------------------------------------------------------------

function searchAddendums(q: string, status: AddendumStatus | null, cursor: string | null, signal?: AbortSignal) {
  return callEndpoint(
    addendumEndpoints.search,
    { query: { q: q.trim() || undefined, status: status ?? undefined, limit: addendumPageSize, cursor: cursor ?? undefined } },
    // Spec section 8: a failed list call (401/403/500/504, timeout, no response) ends the session.
    { signal, endSessionOnFailure: true },
  );
}

function addendumSearchQueryOptions(q: string, status: AddendumStatus | null) {
  return infiniteQueryOptions({
    queryKey: [...addendumsKey, 'search', { q: q.trim(), status }] as const,
    queryFn: ({ pageParam, signal }) => searchAddendums(q, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A failure that matters has already ended the session; what is left (a 400) will not heal.
    retry: false,
  });
}

export function useAddendumSearch(q: string, status: AddendumStatus | null) {
  return useInfiniteQuery({
    ...addendumSearchQueryOptions(q, status),
    // While a new search runs the previous rows stay on screen instead of a spinner per keystroke.
    placeholderData: keepPreviousData,
  });
}

// --- one addendum ------------------------------------------------------------------------------

/** The spec's client reads one addendum as an array whose first item is it. */
async function getAddendum(id: number, signal?: AbortSignal): Promise<Addendum> {
  const [addendum] = await callEndpoint(addendumEndpoints.get, { params: { id } }, { signal });
  if (!addendum) throw new ApiError({ status: 404, message: addendumMessages.notFound });
  return addendum;
}

function addendumQueryOptions(id: number) {
  return queryOptions({ queryKey: [...addendumsKey, 'detail', id] as const, queryFn: ({ signal }) => getAddendum(id, signal) });
}

export function useAddendum(id: number) {
  return useQuery({ ...addendumQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

// --- the form's policy choice ------------------------------------------------------------------

function searchActivePolicies(q: string, signal?: AbortSignal) {
  return callEndpoint(policyEndpoints.search, { query: { status: 'active', q: q.trim() || undefined, limit: addendumPageSize } }, { signal });
}

function activePoliciesQueryOptions(q: string) {
  return queryOptions({
    // Under 'policies', so a policy that stops being active leaves the choice with the lists.
    queryKey: [...policiesKey, 'active-choice', q.trim()] as const,
    queryFn: ({ signal }) => searchActivePolicies(q, signal),
  });
}

export function useActivePolicies(q: string, options: { enabled: boolean }) {
  return useQuery({ ...activePoliciesQueryOptions(q), enabled: options.enabled, placeholderData: keepPreviousData });
}

// --- writes ------------------------------------------------------------------------------------

function createAddendum(body: AddendumInput) {
  return callEndpoint(addendumEndpoints.create, { body });
}

/** The form's save; `ifMatch` is the version it was loaded at (412 when someone saved since, decision 023). */
function updateAddendum(id: number, body: AddendumInput, ifMatch?: number) {
  return callEndpoint(addendumEndpoints.update, { params: { id }, body }, { ifMatch });
}

/** The addendum's one file (PDF, DOC or DOCX); a new upload replaces the previous one. */
export function uploadAddendumFile(addendum: Pick<Addendum, 'id' | 'policyId'>, file: File, options: UploadOptions = {}) {
  return uploadToEndpoint(addendumEndpoints.uploadFile, { addendumId: addendum.id, policyId: addendum.policyId }, file, options);
}

export function downloadAddendumFile(id: number) {
  return callEndpointForBlob(addendumEndpoints.downloadFile, { params: { id } }, { requireToken: true });
}

/**
 * After any write: the addendum as the server now has it (no refetch of it needed), and the lists
 * and the policy screens (whose history gained an event) refetched.
 */
export function useRememberAddendum() {
  const queryClient = useQueryClient();
  return async (addendum: Addendum) => {
    queryClient.setQueryData(addendumQueryOptions(addendum.id).queryKey, addendum);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...addendumsKey, 'search'] }),
      queryClient.invalidateQueries({ queryKey: policiesKey }),
    ]);
  };
}

export function useCreateAddendum() {
  const remember = useRememberAddendum();
  return useMutation({ mutationFn: createAddendum, onSuccess: remember });
}

export function useUpdateAddendum() {
  const remember = useRememberAddendum();
  return useMutation({
    mutationFn: ({ id, body, ifMatch }: { id: number; body: AddendumInput; ifMatch?: number | undefined }) => updateAddendum(id, body, ifMatch),
    onSuccess: remember,
  });
}
