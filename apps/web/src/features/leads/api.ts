import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Lead, LeadColumn, LeadInput } from '@portal/domain';
import { apiClient } from '@/lib/api-client';
import { readCachedLeadColumns, writeCachedLeadColumns } from './components/column-cache';

const leadsKey = ['leads'] as const;
const moveKey = [...leadsKey, 'move'] as const;

// --- the board's leads ---------------------------------------------------------------------------

/** GET /api/leads: the branch's board, newest first (the server picks the branch). */
function getLeads(signal?: AbortSignal) {
  return apiClient.get<Lead[]>('/api/leads', { signal });
}

function leadsQueryOptions() {
  return queryOptions({ queryKey: [...leadsKey, 'list'] as const, queryFn: ({ signal }) => getLeads(signal) });
}

export function useLeads() {
  return useQuery(leadsQueryOptions());
}

// --- the board's columns -------------------------------------------------------------------------

/** GET /api/leads/columns; every answer is also kept in localStorage 'leadColumns' (the spec's key). */
async function getLeadColumns(signal?: AbortSignal) {
  const columns = await apiClient.get<LeadColumn[]>('/api/leads/columns', { signal });
  writeCachedLeadColumns(columns);
  return columns;
}

function leadColumnsQueryOptions() {
  return queryOptions({ queryKey: [...leadsKey, 'columns'] as const, queryFn: ({ signal }) => getLeadColumns(signal) });
}

export function useLeadColumns() {
  // The stored copy shows the board at once; the server's answer always replaces it.
  return useQuery({ ...leadColumnsQueryOptions(), placeholderData: readCachedLeadColumns });
}

interface SavedColumns {
  columns: LeadColumn[];
  /** How many leads the server moved to the first column (their column was removed). */
  moved: number;
}

/** PUT /api/leads/columns (managers and admins). */
function saveLeadColumns(columns: LeadColumn[]) {
  return apiClient.put<SavedColumns>('/api/leads/columns', { columns });
}

export function useSaveLeadColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeadColumns,
    onSuccess: async ({ columns }) => {
      writeCachedLeadColumns(columns);
      queryClient.setQueryData(leadColumnsQueryOptions().queryKey, columns);
      // Leads of a removed column now have the first column's status.
      await queryClient.invalidateQueries({ queryKey: leadsQueryOptions().queryKey });
    },
  });
}

// --- writes on leads -----------------------------------------------------------------------------

function createLead(body: LeadInput) {
  return apiClient.post<Lead>('/api/leads', body);
}

/** The dialog's fields; the server leaves the notes alone (they are only ever added). */
function updateLead(id: number, body: LeadInput) {
  return apiClient.post<Lead>(`/api/leads/update/${id}`, body);
}

/** POST /api/leads/{id}/status/{status} with an empty body (spec). */
function moveLead(id: number, status: string) {
  return apiClient.post<Lead>(`/api/leads/${id}/status/${encodeURIComponent(status)}`);
}

function addLeadNote(id: number, note: string) {
  return apiClient.post<Lead>(`/api/leads/${id}/notes`, { note });
}

/** GET /api/leads/del/{id} (the spec's verb and path). */
function deleteLead(id: number) {
  return apiClient.get<{ message: string }>(`/api/leads/del/${id}`);
}

function setLeads(queryClient: QueryClient, update: (leads: Lead[]) => Lead[]) {
  queryClient.setQueryData(leadsQueryOptions().queryKey, (leads) => (leads ? update(leads) : leads));
}

/** The lead as the server now has it, in place (or first, when it is new). */
function rememberLead(queryClient: QueryClient, lead: Lead) {
  setLeads(queryClient, (leads) => (leads.some((item) => item.id === lead.id) ? leads.map((item) => (item.id === lead.id ? lead : item)) : [lead, ...leads]));
}

function useAfterLeadWrite() {
  const queryClient = useQueryClient();
  return async (lead: Lead) => {
    rememberLead(queryClient, lead);
    await queryClient.invalidateQueries({ queryKey: leadsQueryOptions().queryKey });
  };
}

export function useCreateLead() {
  const after = useAfterLeadWrite();
  return useMutation({ mutationFn: createLead, onSuccess: after });
}

export function useUpdateLead() {
  const after = useAfterLeadWrite();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: LeadInput }) => updateLead(id, body), onSuccess: after });
}

export function useAddLeadNote() {
  const after = useAfterLeadWrite();
  return useMutation({ mutationFn: ({ id, note }: { id: number; note: string }) => addLeadNote(id, note), onSuccess: after });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lead: Lead) => deleteLead(lead.id),
    onSuccess: async (_answer, lead) => {
      setLeads(queryClient, (leads) => leads.filter((item) => item.id !== lead.id));
      await queryClient.invalidateQueries({ queryKey: leadsQueryOptions().queryKey });
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
  const key = leadsQueryOptions().queryKey;
  return useMutation({
    mutationKey: moveKey,
    mutationFn: ({ lead, status }: { lead: Lead; status: string }) => moveLead(lead.id, status),
    onMutate: async ({ lead, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setLeads(queryClient, (leads) => leads.map((item) => (item.id === lead.id ? { ...item, status } : item)));
      return { previousStatus: lead.status };
    },
    onError: (_error, { lead }, context) => {
      if (!context) return;
      setLeads(queryClient, (leads) => leads.map((item) => (item.id === lead.id ? { ...item, status: context.previousStatus } : item)));
    },
    onSuccess: (saved) => rememberLead(queryClient, saved),
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey: moveKey }) === 1) await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
