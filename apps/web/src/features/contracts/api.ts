import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contractEndpoints,
  contractTemplateEndpoints,
  policyEndpoints,
  type TemplateKind,
  type PreviewContractTemplate,
  type SaveContractTemplate,
} from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

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
    queryFn: ({ signal }) => callEndpoint(contractEndpoints.list, { params: { id: policyId } }, { signal }),
  });
}

export function usePolicyContracts(policyId: number) {
  return useQuery(policyContractsQueryOptions(policyId));
}

/** 'Regenerar contratos': a new pack version; the answer is the whole list, stored as the query's data. */
export function useRegenerateContracts(policyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(contractEndpoints.regenerate, { params: { id: policyId } }, { timeoutMs: pdfTimeoutMs }),
    onSuccess: async (contracts) => {
      queryClient.setQueryData(policyContractsQueryKey(policyId), contracts);
      // The history records the regeneration.
      await queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] });
    },
  });
}

/** One generated document (inline) or, with `download`, as an attachment. */
export function fetchContractDocument(policyId: number, documentId: number): Promise<Blob> {
  return callEndpointForBlob(contractEndpoints.document, { params: { id: policyId, documentId } }, { requireToken: true, timeoutMs: pdfTimeoutMs });
}

/** A whole pack version as one PDF. */
export function fetchContractPack(policyId: number, version: number): Promise<Blob> {
  return callEndpointForBlob(contractEndpoints.pack, { params: { id: policyId }, query: { version } }, { requireToken: true, timeoutMs: pdfTimeoutMs });
}

// --- templates (admins) ------------------------------------------------------------------------------

function templateQueryKey(kind: TemplateKind, branchId: number | null) {
  return ['contract-templates', kind, branchId] as const;
}

export function useContractTemplate(kind: TemplateKind, branchId: number | null) {
  return useQuery({
    queryKey: templateQueryKey(kind, branchId),
    queryFn: ({ signal }) =>
      callEndpoint(contractTemplateEndpoints.get, { params: { kind }, query: { branchId: branchId ?? undefined } }, { signal }),
  });
}

export function useSaveContractTemplate(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `ifMatch`: the scope's latest version when the editor opened, 0 without one (412 when another admin saved since, decision 023). */
    mutationFn: ({ body, ifMatch }: { body: SaveContractTemplate; ifMatch: number }) =>
      callEndpoint(contractTemplateEndpoints.save, { params: { kind }, body }, { ifMatch }),
    // A new default changes what every branch without its own text shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contract-templates', kind] }),
  });
}

/** 'Vista previa': the editor's text (saved or not) applied to one policy, as a PDF. */
export function previewContractTemplate(kind: TemplateKind, body: PreviewContractTemplate): Promise<Blob> {
  return callEndpointForBlob(contractTemplateEndpoints.preview, { params: { kind }, body }, { timeoutMs: pdfTimeoutMs });
}

const previewPolicyChoices = 8;

/** The preview's policy picker: the policy search, within the chosen branch when there is one. */
export function usePreviewPolicyChoices(q: string, branchId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['contract-templates', 'policy-choices', q.trim(), branchId] as const,
    queryFn: ({ signal }) =>
      callEndpoint(policyEndpoints.search, { query: { q: q.trim() || undefined, branchId: branchId ?? undefined, limit: previewPolicyChoices } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
