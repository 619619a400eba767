import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userEndpoints, type CreateUserRequest, type RecordStatus, type Role, type UpdateUserRequest, type User } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';
import { branchesQueryOptions, managerCandidatesQueryOptions } from '@/features/branches';

export interface UserFilters {
  role?: Role;
  status?: RecordStatus;
}

// --- list --------------------------------------------------------------------------------------

function getUsers(filters: UserFilters = {}, signal?: AbortSignal): Promise<User[]> {
  return callEndpoint(userEndpoints.list, { query: { role: filters.role, status: filters.status } }, { signal });
}

/** `usersQueryOptions().queryKey` (no filters) also matches every filtered list. */
function usersQueryOptions(filters: UserFilters = {}) {
  return queryOptions({
    queryKey: ['users', 'list', filters] as const,
    queryFn: ({ signal }) => getUsers(filters, signal),
  });
}

export function useUsers(filters: UserFilters = {}) {
  return useQuery(usersQueryOptions(filters));
}

// --- one ---------------------------------------------------------------------------------------

function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return callEndpoint(userEndpoints.get, { params: { id } }, { signal });
}

function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['users', 'detail', id] as const,
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: number) {
  return useQuery({ ...userQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

// --- writes ------------------------------------------------------------------------------------

function createUser(body: CreateUserRequest): Promise<User> {
  return callEndpoint(userEndpoints.create, { body });
}

/** The full record; `password` only when the admin typed a new one. `ifMatch`: the version the form was loaded at (412 when someone saved since). */
function updateUser(id: number, body: UpdateUserRequest, ifMatch?: number): Promise<User> {
  return callEndpoint(userEndpoints.update, { params: { id }, body }, { ifMatch });
}

/** The list's Activar/Desactivar: only `{ status }`. */
function setUserStatus(id: number, status: RecordStatus): Promise<User> {
  return callEndpoint(userEndpoints.update, { params: { id }, body: { status } });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
      // A user's name, role or status changes who may manage a branch and the branch cards.
      queryClient.invalidateQueries({ queryKey: managerCandidatesQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: branchesQueryOptions().queryKey }),
    ]);
  };
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body, ifMatch }: { id: number; body: UpdateUserRequest; ifMatch?: number | undefined }) => updateUser(id, body, ifMatch),
    onSuccess: invalidate,
  });
}

export function useSetUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RecordStatus }) => setUserStatus(id, status),
    onSuccess: invalidate,
  });
}

/** POST /api/users/:id/mfa/reset: the user signs in with the password alone again (a lost phone). */
export function useResetUserMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(userEndpoints.resetMfa, { params: { id } }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

/** Forgets the user's failed sign-ins from every address (issue 19). */
function unlockUser(id: number): Promise<void> {
  return callEndpoint(userEndpoints.unlock, { params: { id } });
}

export function useUnlockUser() {
  return useMutation({ mutationFn: unlockUser });
}

/** A generated password the user must change at their next sign-in; the answer is the only time it is shown. */
function issueTemporaryPassword(id: number) {
  return callEndpoint(userEndpoints.issueTemporaryPassword, { params: { id } });
}

export function useIssueTemporaryPassword() {
  return useMutation({ mutationFn: issueTemporaryPassword });
}
