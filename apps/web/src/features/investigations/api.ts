import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpointPath,
  investigationEndpoints,
  policyEndpoints,
  type DocumentResponseInput,
  type EndpointResponse,
  type IdentificationType,
  type InvestigationDecisionInput,
  type InvestigationDocument,
  type PolicySummary,
} from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';
import { uploadFile, type UploadOptions } from '@/lib/upload';

// Every write to an investigation can move its policy (created → investigation on the first
// upload, investigation → approved/rejected on a decision): the policy screens refetch.
const policiesKey = ['policies'] as const;

// --- the policy behind a folio (the screens reloaded without router state) ---------------------

/** How many rows the folio lookup asks for: a folio is unique, but the search also matches names. */
const folioLookupLimit = 5;

async function findPolicyByFolio(folio: string, signal?: AbortSignal): Promise<PolicySummary | null> {
  const result = await callEndpoint(policyEndpoints.search, { query: { q: folio, limit: folioLookupLimit } }, { signal });
  return result.items.find((item) => item.investigationId === folio) ?? null;
}

function policyByFolioQueryOptions(folio: string) {
  return queryOptions({
    // Under 'policies', so a status change anywhere refreshes it with the lists.
    queryKey: ['policies', 'by-folio', folio] as const,
    queryFn: ({ signal }) => findPolicyByFolio(folio, signal),
    // Read by both the screen's loader and its status notice; the writes here invalidate it.
    staleTime: 30_000,
  });
}

export function usePolicyByFolio(folio: string, options: { enabled: boolean }) {
  return useQuery({ ...policyByFolioQueryOptions(folio), enabled: options.enabled && folio !== '' });
}

// --- documents ---------------------------------------------------------------------------------

function getInvestigationDocuments(folio: string, signal?: AbortSignal) {
  return callEndpoint(investigationEndpoints.documents, { params: { investigationId: folio } }, { signal, requireToken: true });
}

function investigationDocumentsQueryOptions(folio: string) {
  return queryOptions({
    queryKey: ['investigations', folio, 'documents'] as const,
    queryFn: ({ signal }) => getInvestigationDocuments(folio, signal),
  });
}

export function useInvestigationDocuments(folio: string) {
  return useQuery({ ...investigationDocumentsQueryOptions(folio), enabled: folio !== '' });
}

export interface DocumentUpload {
  folio: string;
  /** Slot key plus index ('incomeProof1'), from formatDocumentType. */
  documentType: string;
  /** Only on identification slots and their back sides. */
  identificationType?: IdentificationType | undefined;
  file: File;
}

/** Where the file goes: an identification names its type in the path. */
export function uploadPath({ folio, documentType, identificationType }: Omit<DocumentUpload, 'file'>): string {
  return identificationType
    ? endpointPath(investigationEndpoints.uploadIdentification.path, { investigationId: folio, documentType, identificationType })
    : endpointPath(investigationEndpoints.uploadDocument.path, { investigationId: folio, documentType });
}

/** Both upload paths answer the document as listed. */
type UploadedDocument = EndpointResponse<typeof investigationEndpoints.uploadDocument>;

export function uploadInvestigationDocument(upload: DocumentUpload, options: UploadOptions = {}) {
  return uploadFile<UploadedDocument>(uploadPath(upload), upload.file, options);
}

/** The file itself: 'inline' to view it in a tab, 'attachment' to save it. */
export function downloadInvestigationDocument(id: number, disposition: 'inline' | 'attachment', signal?: AbortSignal) {
  return callEndpointForBlob(
    investigationEndpoints.download,
    { params: { documentId: id }, query: disposition === 'inline' ? { disposition } : undefined },
    { signal, requireToken: true },
  );
}

function deleteInvestigationDocument(id: number) {
  return callEndpoint(investigationEndpoints.deleteDocument, { params: { documentId: id } }, { requireToken: true });
}

function saveDocumentResponse(id: number, body: DocumentResponseInput) {
  return callEndpoint(investigationEndpoints.respond, { params: { documentId: id }, body }, { requireToken: true });
}

export type Decision = 'approve' | 'reject';

/** What the reviewer adds to a decision: a reason, and (approving) that the missing documents were seen. */
interface DecisionRequest {
  folio: string;
  decision: Decision;
  reason: string;
  confirmMissing: boolean;
}

function decideInvestigation({ folio, decision, reason, confirmMissing }: DecisionRequest) {
  const body: InvestigationDecisionInput = { ...(reason ? { reason } : {}), ...(confirmMissing ? { confirmMissing } : {}) };
  return callEndpoint(investigationEndpoints[decision], { params: { investigationId: folio }, body });
}

// --- cache updates -----------------------------------------------------------------------------

/**
 * Puts a document just uploaded or answered into the folio's list, in the place of the one it
 * replaces (same id, or the same slot: an upload replaces the slot's previous file).
 */
function withDocument(documents: InvestigationDocument[], document: InvestigationDocument): InvestigationDocument[] {
  const replaces = (other: InvestigationDocument) => other.id === document.id || other.documentType === document.documentType;
  const first = documents.findIndex(replaces);
  if (first === -1) return [...documents, document];
  return documents.flatMap((other, index) => (index === first ? [document] : replaces(other) ? [] : [other]));
}

function useStoreDocument(folio: string) {
  const queryClient = useQueryClient();
  return (document: InvestigationDocument) =>
    queryClient.setQueryData(investigationDocumentsQueryOptions(folio).queryKey, (documents = []) => withDocument(documents, document));
}

/** After an upload: the list knows the new file and the policy screens refetch (its status may move). */
export function useRememberUpload(folio: string) {
  const queryClient = useQueryClient();
  const store = useStoreDocument(folio);
  return (document: InvestigationDocument) => {
    store(document);
    void queryClient.invalidateQueries({ queryKey: policiesKey });
  };
}

export function useDeleteDocument(folio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteInvestigationDocument(id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(investigationDocumentsQueryOptions(folio).queryKey, (documents = []) =>
        documents.filter((document) => document.id !== id),
      ),
  });
}

export function useSaveDocumentResponse(folio: string) {
  const store = useStoreDocument(folio);
  return useMutation({
    mutationFn: ({ id, respuesta }: { id: number; respuesta: string }) => saveDocumentResponse(id, { respuesta }),
    onSuccess: store,
  });
}

export function useDecideInvestigation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideInvestigation,
    onSuccess: async (_answer, { folio }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: policiesKey }),
        queryClient.invalidateQueries({ queryKey: investigationDocumentsQueryOptions(folio).queryKey }),
      ]);
    },
  });
}
