import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimEndpoints, type ClaimStage, type ClaimStatus, type ClaimType, type ExportFormat } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/*
 * The incidencias across cases (issue 33): the list and board, the dashboard's counts, the
 * monthly summary, the deadlines beside the appointments and the stages' names. Every key starts
 * with 'claims', so a write on a case (its own page invalidates ['claims']) refreshes them all.
 */

/** What the list is asked for (the URL's filters); absent: no filter. */
export interface ClaimListFilter {
  branchId?: number;
  type?: ClaimType;
  stage?: ClaimStage;
  status?: ClaimStatus | 'active';
  /** A user's id, or 'none' for the cases nobody is assigned to. */
  assignee?: number | 'none';
  due?: 'week';
  minDaysOpen?: number;
  page?: number;
}

function claimListQueryOptions(filter: ClaimListFilter) {
  return queryOptions({
    queryKey: ['claims', 'list', filter] as const,
    // No `sort`: the API's default is the next deadline first.
    queryFn: ({ signal }) => callEndpoint(claimEndpoints.list, { query: filter }, { signal }),
    // Paging or filtering keeps the rows on screen until the next answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useClaimList(filter: ClaimListFilter) {
  return useQuery(claimListQueryOptions(filter));
}

/** The whole list (every page) with the same filters, as a file. */
export function fetchClaimsFile(format: ExportFormat, filter: Omit<ClaimListFilter, 'page'>): Promise<Blob> {
  return callEndpointForBlob(claimEndpoints.list, { query: { ...filter, format } }, { requireToken: true });
}

/** The dashboard's cards: one branch, or every branch (an admin's 'all'). */
export function useClaimStats(branchId: number | 'all') {
  return useQuery({
    queryKey: ['claims', 'stats', branchId] as const,
    queryFn: ({ signal }) => callEndpoint(claimEndpoints.stats, { query: branchId === 'all' ? {} : { branchId } }, { signal }),
  });
}

/** 'Resumen mensual': `month` is 'YYYY-MM'. */
export function useClaimSummary(month: string, branchId: number | undefined) {
  return useQuery({
    queryKey: ['claims', 'summary', month, branchId ?? 'all'] as const,
    queryFn: ({ signal }) => callEndpoint(claimEndpoints.summary, { query: { month, branchId } }, { signal }),
    enabled: /^\d{4}-(0[1-9]|1[0-2])$/.test(month),
    placeholderData: keepPreviousData,
  });
}

export function fetchClaimSummaryFile(format: ExportFormat, month: string, branchId: number | undefined): Promise<Blob> {
  return callEndpointForBlob(claimEndpoints.summary, { query: { month, branchId, format } }, { requireToken: true });
}

/** The deadlines between two days ('YYYY-MM-DD', both included) for the appointments' calendar. */
export function useClaimDeadlines(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['claims', 'calendar', from, to] as const,
    queryFn: ({ signal }) => callEndpoint(claimEndpoints.calendar, { query: { from, to } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

const stageLabelsKey = ['claims', 'stage-labels'] as const;

export function useClaimStageLabels() {
  return useQuery({ queryKey: stageLabelsKey, queryFn: ({ signal }) => callEndpoint(claimEndpoints.stageLabels, {}, { signal }) });
}

/** 'Guardar': the answer is the cache's; every list and board reads the new names again. */
export function useSaveStageLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labels: Record<ClaimStage, string>) => callEndpoint(claimEndpoints.saveStageLabels, { body: { labels } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(stageLabelsKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['claims'], predicate: (query) => query.queryKey[1] !== 'stage-labels' });
    },
  });
}
