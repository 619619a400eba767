import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { leadEndpoints, type Lead, type LeadColumn, type LeadInput } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';
import { useBoardBranch } from './components/board-branch';
import { readCachedLeadColumns, writeCachedLeadColumns } from './components/column-cache';

const leadsKey = ['leads'] as const;
const moveKey = [...leadsKey, 'move'] as const;

/** The cache of one branch's board ('own' for the caller's). */
const boardKey = (branchId: number | undefined) => [...leadsKey, branchId ?? 'own'] as const;

// --- the board's leads ---------------------------------------------------------------------------

/** GET /api/leads: the board, newest first (the caller's branch, or the one an admin chose). */
function getLeads(branchId: number | undefined, signal?: AbortSignal) {
  return callEndpoint(leadEndpoints.list, { query: { branchId } }, { signal });
}

function leadsQueryOptions(branchId: number | undefined) {
  return queryOptions({ queryKey: [...boardKey(branchId), 'list'] as const, queryFn: ({ signal }) => getLeads(branchId, signal) });
}

export function useLeads() {
  return useQuery(leadsQueryOptions(useBoardBranch()));
}

/** GET /api/leads/owners: who may own a lead of the board. */
export function useLeadOwners() {
  const branchId = useBoardBranch();
  return useQuery({
    queryKey: [...boardKey(branchId), 'owners'] as const,
    queryFn: ({ signal }) => callEndpoint(leadEndpoints.owners, { query: { branchId } }, { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/leads/{id}: one lead (the policy form prefills a conversion from it). */
export function useLead(id: number | null, branchId?: number) {
  return useQuery({
    queryKey: [...boardKey(branchId), 'one', id] as const,
    queryFn: ({ signal }) => callEndpoint(leadEndpoints.get, { params: { id: id ?? 0 }, query: { branchId } }, { signal }),
    enabled: id !== null,
  });
}

/** GET /api/leads/of-policy/{policyId}: the lead a policy came from (null when none). */
export function useLeadOfPolicy(policyId: number) {
  return useQuery({
    queryKey: [...leadsKey, 'of-policy', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(leadEndpoints.ofPolicy, { params: { policyId } }, { signal }),
    retry: false,
  });
}

/** POST /api/leads/{id}/convert: links the saved policy to the lead (which moves to the won column). */
export function convertLead(id: number, policyId: number, branchId?: number) {
  return callEndpoint(leadEndpoints.convert, { params: { id }, query: { branchId }, body: { policyId } });
}

// --- the board's columns -------------------------------------------------------------------------

/** GET /api/leads/columns; the own board's answer is also kept in localStorage 'leadColumns' (the spec's key). */
async function getLeadColumns(branchId: number | undefined, signal?: AbortSignal) {
  const columns = await callEndpoint(leadEndpoints.columns, { query: { branchId } }, { signal });
  if (branchId === undefined) writeCachedLeadColumns(columns);
  return columns;
}

function leadColumnsQueryOptions(branchId: number | undefined) {
  return queryOptions({ queryKey: [...boardKey(branchId), 'columns'] as const, queryFn: ({ signal }) => getLeadColumns(branchId, signal) });
}

export function useLeadColumns() {
  const branchId = useBoardBranch();
  // The stored copy shows the own board at once; the server's answer always replaces it.
  return useQuery({ ...leadColumnsQueryOptions(branchId), placeholderData: branchId === undefined ? readCachedLeadColumns : undefined });
}

export function useSaveLeadColumns() {
  const queryClient = useQueryClient();
  const branchId = useBoardBranch();
  return useMutation({
    // PUT /api/leads/columns (managers and admins).
    mutationFn: (columns: LeadColumn[]) => callEndpoint(leadEndpoints.saveColumns, { query: { branchId }, body: { columns } }),
    onSuccess: async ({ columns }) => {
      if (branchId === undefined) writeCachedLeadColumns(columns);
      queryClient.setQueryData(leadColumnsQueryOptions(branchId).queryKey, columns);
      // Leads of a removed column now have the first column's status.
      await queryClient.invalidateQueries({ queryKey: leadsQueryOptions(branchId).queryKey });
    },
  });
}

// --- writes on leads -----------------------------------------------------------------------------

/** The board's write calls, each naming the chosen branch (the server ignores it for non-admins). */
function leadCalls(branchId: number | undefined) {
  const query = { branchId };
  return {
    create: (body: LeadInput) => callEndpoint(leadEndpoints.create, { query, body }),
    /** One lead as the server has it now ('Recargar' after a 412). */
    get: (id: number) => callEndpoint(leadEndpoints.get, { params: { id }, query }),
    /**
     * The dialog's fields; the server leaves the notes alone (they are only ever added). `ifMatch`
     * is the version the dialog was opened at (412 when someone saved since, decision 023).
     */
    update: (id: number, body: LeadInput, ifMatch?: number) => callEndpoint(leadEndpoints.update, { params: { id }, query, body }, { ifMatch }),
    /** POST /api/leads/{id}/status/{status} with an empty body (spec). */
    move: (id: number, status: string) => callEndpoint(leadEndpoints.move, { params: { id, status }, query }),
    addNote: (id: number, note: string) => callEndpoint(leadEndpoints.addNote, { params: { id }, query, body: { note } }),
    editNote: (id: number, noteId: number, note: string) => callEndpoint(leadEndpoints.editNote, { params: { id, noteId }, query, body: { note } }),
    deleteNote: (id: number, noteId: number) => callEndpoint(leadEndpoints.deleteNote, { params: { id, noteId }, query }),
    /** GET /api/leads/del/{id} (the spec's verb and path). */
    remove: (id: number) => callEndpoint(leadEndpoints.remove, { params: { id }, query }),
  };
}

function setLeads(queryClient: QueryClient, branchId: number | undefined, update: (leads: Lead[]) => Lead[]) {
  queryClient.setQueryData(leadsQueryOptions(branchId).queryKey, (leads) => (leads ? update(leads) : leads));
}

/** The lead as the server now has it, in place (or first, when it is new). */
function rememberLead(queryClient: QueryClient, branchId: number | undefined, lead: Lead) {
  setLeads(queryClient, branchId, (leads) =>
    leads.some((item) => item.id === lead.id) ? leads.map((item) => (item.id === lead.id ? lead : item)) : [lead, ...leads],
  );
}

function useAfterLeadWrite() {
  const queryClient = useQueryClient();
  const branchId = useBoardBranch();
  return {
    calls: leadCalls(branchId),
    after: async (lead: Lead) => {
      rememberLead(queryClient, branchId, lead);
      await queryClient.invalidateQueries({ queryKey: leadsQueryOptions(branchId).queryKey });
    },
  };
}

export function useCreateLead() {
  const { calls, after } = useAfterLeadWrite();
  return useMutation({ mutationFn: calls.create, onSuccess: after });
}

export function useUpdateLead() {
  const { calls, after } = useAfterLeadWrite();
  return useMutation({
    mutationFn: ({ id, body, ifMatch }: { id: number; body: LeadInput; ifMatch?: number | undefined }) => calls.update(id, body, ifMatch),
    onSuccess: after,
  });
}

/** Reads one lead again and puts it on the board ('Recargar' in its dialog after a 412). */
export function useReloadLead() {
  const queryClient = useQueryClient();
  const branchId = useBoardBranch();
  return async (id: number) => {
    const lead = await leadCalls(branchId).get(id);
    rememberLead(queryClient, branchId, lead);
    return lead;
  };
}

export function useAddLeadNote() {
  const { calls, after } = useAfterLeadWrite();
  return useMutation({ mutationFn: ({ id, note }: { id: number; note: string }) => calls.addNote(id, note), onSuccess: after });
}

/** PUT (text) or DELETE (null) /api/leads/{id}/notes/{noteId}: the author's own, or any for managers. */
export function useChangeLeadNote() {
  const { calls, after } = useAfterLeadWrite();
  return useMutation({
    mutationFn: ({ id, noteId, note }: { id: number; noteId: number; note: string | null }) =>
      note === null ? calls.deleteNote(id, noteId) : calls.editNote(id, noteId, note),
    onSuccess: after,
  });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  const branchId = useBoardBranch();
  return useMutation({
    mutationFn: (lead: Lead) => leadCalls(branchId).remove(lead.id),
    onSuccess: async (_answer, lead) => {
      setLeads(queryClient, branchId, (leads) => leads.filter((item) => item.id !== lead.id));
      await queryClient.invalidateQueries({ queryKey: leadsQueryOptions(branchId).queryKey });
    },
  });
}

/**
 * A move shows at once: the lead's status changes in the cache before the call, and only that
 * lead goes back if the server refuses (another move made meanwhile stays). The list refetches
 * once the last of several quick moves has settled, so an early answer does not undo a later move.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  const branchId = useBoardBranch();
  const key = leadsQueryOptions(branchId).queryKey;
  return useMutation({
    mutationKey: moveKey,
    mutationFn: ({ lead, status }: { lead: Lead; status: string }) => leadCalls(branchId).move(lead.id, status),
    onMutate: async ({ lead, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setLeads(queryClient, branchId, (leads) => leads.map((item) => (item.id === lead.id ? { ...item, status } : item)));
      return { previousStatus: lead.status };
    },
    onError: (_error, { lead }, context) => {
      if (!context) return;
      setLeads(queryClient, branchId, (leads) => leads.map((item) => (item.id === lead.id ? { ...item, status: context.previousStatus } : item)));
    },
    onSuccess: (saved) => rememberLead(queryClient, branchId, saved),
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey: moveKey }) === 1) await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
