import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { branchEndpoints, userEndpoints, type Branch, type CreateBranchRequest, type RecordStatus, type UpdateBranchRequest, type User } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

// --- list --------------------------------------------------------------------------------------

function getBranches(signal?: AbortSignal): Promise<Branch[]> {
  return callEndpoint(branchEndpoints.list, {}, { signal });
}

export function branchesQueryOptions() {
  return queryOptions({
    queryKey: ['branches', 'list'] as const,
    queryFn: ({ signal }) => getBranches(signal),
  });
}

export function useBranches() {
  return useQuery(branchesQueryOptions());
}

// --- one ---------------------------------------------------------------------------------------

function getBranch(id: number, signal?: AbortSignal): Promise<Branch> {
  return callEndpoint(branchEndpoints.get, { params: { id } }, { signal });
}

function branchQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['branches', 'detail', id] as const,
    queryFn: ({ signal }) => getBranch(id, signal),
  });
}

export function useBranch(id: number) {
  return useQuery({ ...branchQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

// --- who may manage a branch: active users with role manager ------------------------------------

function getManagerCandidates(signal?: AbortSignal): Promise<User[]> {
  return callEndpoint(userEndpoints.list, { query: { role: 'manager', status: 'active' } }, { signal });
}

export function managerCandidatesQueryOptions() {
  return queryOptions({
    queryKey: ['branches', 'manager-candidates'] as const,
    queryFn: ({ signal }) => getManagerCandidates(signal),
  });
}

export function useManagerCandidates() {
  return useQuery(managerCandidatesQueryOptions());
}

// --- writes ------------------------------------------------------------------------------------

function createBranch(body: CreateBranchRequest): Promise<Branch> {
  return callEndpoint(branchEndpoints.create, { body });
}

/** The form's save; `ifMatch` is the version it was loaded at (412 when someone saved since, decision 023). */
function updateBranch(id: number, body: UpdateBranchRequest, ifMatch?: number): Promise<Branch> {
  return callEndpoint(branchEndpoints.update, { params: { id }, body }, { ifMatch });
}

/** The list's Activar/Desactivar: only `{ status }`. */
function setBranchStatus(id: number, status: RecordStatus): Promise<Branch> {
  return callEndpoint(branchEndpoints.update, { params: { id }, body: { status } });
}

function useInvalidateBranches() {
  const queryClient = useQueryClient();
  return async (branch: Branch) => {
    queryClient.setQueryData(branchQueryOptions(branch.id).queryKey, branch);
    await queryClient.invalidateQueries({ queryKey: branchesQueryOptions().queryKey });
  };
}

export function useCreateBranch() {
  const invalidate = useInvalidateBranches();
  return useMutation({ mutationFn: createBranch, onSuccess: invalidate });
}

export function useUpdateBranch() {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: ({ id, body, ifMatch }: { id: number; body: UpdateBranchRequest; ifMatch?: number | undefined }) => updateBranch(id, body, ifMatch),
    onSuccess: invalidate,
  });
}

export function useSetBranchStatus() {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RecordStatus }) => setBranchStatus(id, status),
    onSuccess: invalidate,
  });
}
