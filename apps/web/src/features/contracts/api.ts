import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContractDocumentKind,
  ContractTemplate,
  PolicyContracts,
  PolicySearchResult,
  PreviewContractTemplate,
  SaveContractTemplate,
} from '@portal/domain';
import { apiClient } from '@/lib/api-client';

/** A pack of 12 pagarés and its lease take a moment to build and merge on the server. */
const pdfTimeoutMs = 60_000;

// --- a policy's contracts ------------------------------------------------------------------------

/**
 * Under 'policies': a status change (Generar Contratos) refreshes every policy query, so the
 * expediente's section shows the new pack without knowing who generated it.
 */
function policyContractsQueryKey(policyId: number) {
  return ['policies', 'contracts', policyId] as const;
}

function policyContractsQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: policyContractsQueryKey(policyId),
    queryFn: ({ signal }) => apiClient.get<PolicyContracts>(`/api/policy/${policyId}/contracts`, { signal }),
  });
}

export function usePolicyContracts(policyId: number) {
  return useQuery(policyContractsQueryOptions(policyId));
}

/** 'Regenerar contratos': a new pack version; the answer is the whole list, stored as the query's data. */
export function useRegenerateContracts(policyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<PolicyContracts>(`/api/policy/${policyId}/contracts`, {}, { timeoutMs: pdfTimeoutMs }),
    onSuccess: async (contracts) => {
      queryClient.setQueryData(policyContractsQueryKey(policyId), contracts);
      // The history records the regeneration.
      await queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] });
    },
  });
}

/** One generated document (inline) or, with `download`, as an attachment. */
export function fetchContractDocument(policyId: number, documentId: number): Promise<Blob> {
  return apiClient.getBlob(`/api/policy/${policyId}/contracts/${documentId}/file`, { requireToken: true, timeoutMs: pdfTimeoutMs });
}

/** A whole pack version as one PDF. */
export function fetchContractPack(policyId: number, version: number): Promise<Blob> {
  return apiClient.getBlob(`/api/policy/${policyId}/contracts/pack`, { query: { version }, requireToken: true, timeoutMs: pdfTimeoutMs });
}

// --- templates (admins) ------------------------------------------------------------------------------

export interface TemplateState {
  current: ContractTemplate;
  /** Whether the branch has its own text (false: it uses the product's default). */
  isOverride: boolean;
  versions: ContractTemplate[];
}

function templateQueryKey(kind: ContractDocumentKind, branchId: number | null) {
  return ['contract-templates', kind, branchId] as const;
}

export function useContractTemplate(kind: ContractDocumentKind, branchId: number | null) {
  return useQuery({
    queryKey: templateQueryKey(kind, branchId),
    queryFn: ({ signal }) =>
      apiClient.get<TemplateState>(`/api/admin/templates/${kind}`, { query: { branchId: branchId ?? undefined }, signal }),
  });
}

export function useSaveContractTemplate(kind: ContractDocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `ifMatch`: the scope's latest version when the editor opened, 0 without one (412 when another admin saved since, decision 023). */
    mutationFn: ({ body, ifMatch }: { body: SaveContractTemplate; ifMatch: number }) =>
      apiClient.put<ContractTemplate>(`/api/admin/templates/${kind}`, body, { ifMatch }),
    // A new default changes what every branch without its own text shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contract-templates', kind] }),
  });
}

/** 'Vista previa': the editor's text (saved or not) applied to one policy, as a PDF. */
export function previewContractTemplate(kind: ContractDocumentKind, body: PreviewContractTemplate): Promise<Blob> {
  return apiClient.post<Blob>(`/api/admin/templates/${kind}/preview`, body, { responseType: 'blob', timeoutMs: pdfTimeoutMs });
}

const previewPolicyChoices = 8;

/** The preview's policy picker: the policy search, within the chosen branch when there is one. */
export function usePreviewPolicyChoices(q: string, branchId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['contract-templates', 'policy-choices', q.trim(), branchId] as const,
    queryFn: ({ signal }) =>
      apiClient.get<PolicySearchResult>('/api/policy/search', {
        query: { q: q.trim() || undefined, branchId: branchId ?? undefined, limit: previewPolicyChoices },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
