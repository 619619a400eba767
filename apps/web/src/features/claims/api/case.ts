import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  claimEndpoints,
  policyEndpoints,
  type AgreementInput,
  type ClaimContactInput,
  type ClaimDeadlineInput,
  type ClaimDetail,
  type ClaimDocument,
  type ClaimDocumentKind,
  type ClaimMovementInput,
  type ClaimOpenInput,
  type ClaimStageInput,
  type ClaimUpdateInput,
  type LawsuitInput,
  type PaymentInput,
} from '@portal/domain';
import { callEndpoint, callEndpointForBlob, uploadToEndpoint } from '@/lib/endpoint-client';

/*
 * One incidencia (issue 33): its page and the expediente's 'Incidencias'. Every write answers the
 * whole case, which becomes the cache's at once; the lists that show it (the policy's, the
 * office's list and board) are read again. The policy's list is kept under 'policies' on purpose,
 * like the rents: a policy write invalidates ['policies'] and the section follows.
 */

const claimsKeyBase = ['claims'] as const;

function claimQueryOptions(claimId: number) {
  return queryOptions({
    queryKey: [...claimsKeyBase, 'detail', claimId] as const,
    queryFn: ({ signal }) => callEndpoint(claimEndpoints.get, { params: { id: claimId } }, { signal }),
  });
}

function policyClaimsQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'claims', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(claimEndpoints.forPolicy, { params: { id: policyId } }, { signal }),
  });
}

const isId = (id: number) => Number.isInteger(id) && id > 0;

export function useClaim(claimId: number) {
  return useQuery({ ...claimQueryOptions(claimId), enabled: isId(claimId) });
}

/** Reads the case again now (a form's 'Recargar' after a 412), without a query of its own that would refetch on mount. */
export function useClaimReload(claimId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...claimQueryOptions(claimId), staleTime: 0 });
}

/** The policy's cases, for the expediente's section. */
export function usePolicyClaims(policyId: number) {
  return useQuery({ ...policyClaimsQueryOptions(policyId), enabled: isId(policyId) });
}

/** Who may be put in charge: the branch's users (the server refuses one that may not be assigned). */
export function useClaimAssignees(branchId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['policies', 'agents', branchId] as const,
    queryFn: ({ signal }) => callEndpoint(policyEndpoints.agents, { query: { branchId: branchId ?? undefined } }, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The lists that show a case, read again after it changed (not the case itself: its answer is in the cache). */
async function refreshListsOf(queryClient: QueryClient, claim: Pick<ClaimDetail, 'id' | 'policyId'>) {
  const detailKey = claimQueryOptions(claim.id).queryKey;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: claimsKeyBase, predicate: (query) => !(query.queryKey[1] === detailKey[1] && query.queryKey[2] === detailKey[2]) }),
    queryClient.invalidateQueries({ queryKey: policyClaimsQueryOptions(claim.policyId).queryKey }),
    // The expediente's 'Historial' may have the case's event.
    queryClient.invalidateQueries({ queryKey: ['policies', 'events', claim.policyId] }),
  ]);
}

/** After a write that answers the case: it is the cache's, and the lists follow. */
function useClaimWritten() {
  const queryClient = useQueryClient();
  return async (claim: ClaimDetail) => {
    queryClient.setQueryData(claimQueryOptions(claim.id).queryKey, claim);
    await refreshListsOf(queryClient, claim);
  };
}

/** 'Abrir incidencia' from the expediente. */
export function useOpenClaim(policyId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (body: ClaimOpenInput) => callEndpoint(claimEndpoints.open, { params: { id: policyId }, body }), onSuccess: written });
}

/** 'Enlace del propietario': answered once (the server keeps only its hash). */
export function useOwnerLink(policyId: number) {
  return useMutation({ mutationFn: () => callEndpoint(claimEndpoints.ownerLink, { params: { id: policyId } }) });
}

/** 'Editar datos': `ifMatch` is the version the form was filled from (412 when someone wrote since). */
export function useUpdateClaim(claimId: number) {
  const written = useClaimWritten();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: ClaimUpdateInput; ifMatch: number }) => callEndpoint(claimEndpoints.update, { params: { id: claimId }, body }, { ifMatch }),
    onSuccess: written,
  });
}

export function useMoveStage(claimId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (body: ClaimStageInput) => callEndpoint(claimEndpoints.stage, { params: { id: claimId }, body }), onSuccess: written });
}

export function useRecordContact(claimId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (body: ClaimContactInput) => callEndpoint(claimEndpoints.contact, { params: { id: claimId }, body }), onSuccess: written });
}

export function useAddDeadline(claimId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (body: ClaimDeadlineInput) => callEndpoint(claimEndpoints.deadline, { params: { id: claimId }, body }), onSuccess: written });
}

export function useCompleteDeadline() {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (deadlineId: number) => callEndpoint(claimEndpoints.completeDeadline, { params: { id: deadlineId } }), onSuccess: written });
}

/** The lawsuit's data: `ifMatch` as for 'Editar datos'. */
export function useSaveLawsuit(claimId: number) {
  const written = useClaimWritten();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: LawsuitInput; ifMatch: number }) => callEndpoint(claimEndpoints.lawsuit, { params: { id: claimId }, body }, { ifMatch }),
    onSuccess: written,
  });
}

export function useRecordMovement(claimId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (body: ClaimMovementInput) => callEndpoint(claimEndpoints.movement, { params: { id: claimId }, body }), onSuccess: written });
}

/** 'Revertir': the movement stays, struck through with its reason. */
export function useReverseMovement() {
  const written = useClaimWritten();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callEndpoint(claimEndpoints.reverseMovement, { params: { id }, body: { reason } }),
    onSuccess: written,
  });
}

/** 'Revertir' an instalment's payment (managers): the instalment owes it again, its recovery goes back. */
export function useReverseInstalmentPayment() {
  const written = useClaimWritten();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callEndpoint(claimEndpoints.reverseInstalmentPayment, { params: { id }, body: { reason } }),
    onSuccess: written,
  });
}

export function useCreateAgreement(claimId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (body: AgreementInput) => callEndpoint(claimEndpoints.agreement, { params: { id: claimId }, body }), onSuccess: written });
}

export function useInstalmentPayment() {
  const written = useClaimWritten();
  return useMutation({
    mutationFn: ({ instalmentId, body }: { instalmentId: number; body: PaymentInput }) => callEndpoint(claimEndpoints.instalmentPayment, { params: { id: instalmentId }, body }),
    onSuccess: written,
  });
}

/** A template drawn into a PDF: the answer is the document alone, so the case is read again too. */
export function useDrawDocument(claim: Pick<ClaimDetail, 'id' | 'policyId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ClaimDocumentKind) => callEndpoint(claimEndpoints.drawDocument, { params: { id: claim.id, kind } }),
    onSuccess: async (document: ClaimDocument) => {
      const key = claimQueryOptions(claim.id).queryKey;
      queryClient.setQueryData(key, (stored) => (stored ? { ...stored, documents: [...stored.documents.filter((item) => item.id !== document.id), document] } : stored));
      await Promise.all([queryClient.invalidateQueries({ queryKey: key }), refreshListsOf(queryClient, claim)]);
    },
  });
}

/** Evidence (a photo or a PDF), multipart, field «file». */
export function useUploadClaimFile(claimId: number) {
  const written = useClaimWritten();
  return useMutation({ mutationFn: (file: File) => uploadToEndpoint(claimEndpoints.uploadFile, { id: claimId }, file), onSuccess: written });
}

export function downloadClaimDocument(documentId: number) {
  return callEndpointForBlob(claimEndpoints.document, { params: { id: documentId } }, { requireToken: true });
}

export function downloadClaimFile(fileId: number) {
  return callEndpointForBlob(claimEndpoints.file, { params: { id: fileId } }, { requireToken: true });
}
