import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptField, rentEndpoints, rentProofEndpoints, type ConfirmProofInput, type PaymentInput, type RentLedger, type RentProofLinkInput } from '@portal/domain';
import { callEndpoint, callEndpointForBlob, uploadToEndpoint } from '@/lib/endpoint-client';
import { arrearsQueryKeyBase } from './arrears-api';

/*
 * The policy's rents (issue 32). The ledger is kept under 'policies' on purpose: every policy
 * write (activation, termination, a new start date or rent) invalidates ['policies'], so the
 * schedule follows the policy without this feature knowing each of those writes.
 */

export function rentLedgerQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'rents', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(rentEndpoints.ledger, { params: { id: policyId } }, { signal }),
  });
}

export function useRentLedger(policyId: number) {
  return useQuery({ ...rentLedgerQueryOptions(policyId), enabled: Number.isInteger(policyId) && policyId > 0 });
}

/** After a write: the answered ledger is the cache's, and the history gets the event the API wrote. */
function useLedgerWritten(policyId: number) {
  const queryClient = useQueryClient();
  return async (ledger: RentLedger) => {
    queryClient.setQueryData(rentLedgerQueryOptions(policyId).queryKey, ledger);
    // The expediente's 'Historial' (policies' ['policies', 'events', id]) now has 'Pago registrado…'.
    // The aging report and the dashboard's 'Con atraso' count follow the payment.
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] }), queryClient.invalidateQueries({ queryKey: arrearsQueryKeyBase })]);
  };
}

/** 'Registrar pago': `ifMatch` is the ledger's version the form was opened at (412 when someone wrote since). */
export function useRecordPayment(policyId: number) {
  const written = useLedgerWritten(policyId);
  return useMutation({
    mutationFn: ({ body, ifMatch, receipt }: { body: PaymentInput; ifMatch: number; receipt?: File | null }) =>
      receipt
        ? // With a comprobante the same endpoint takes multipart: the fields as text, then the file.
          uploadToEndpoint(rentEndpoints.recordPayment, { id: policyId }, receipt, { fieldName: receiptField, fields: formFields(body), ifMatch })
        : callEndpoint(rentEndpoints.recordPayment, { params: { id: policyId }, body }, { ifMatch }),
    onSuccess: written,
  });
}

function formFields(body: PaymentInput): Record<string, string> {
  return { amount: String(body.amount), receivedOn: body.receivedOn, method: body.method, reference: body.reference ?? '' };
}

/** 'Revertir': the payment stays, struck through with its reason; the months are recomputed. */
export function useReversePayment(policyId: number) {
  const written = useLedgerWritten(policyId);
  return useMutation({
    mutationFn: ({ paymentId, reason, ifMatch }: { paymentId: number; reason: string; ifMatch: number }) =>
      callEndpoint(rentEndpoints.reversePayment, { params: { id: paymentId }, body: { reason } }, { ifMatch }),
    onSuccess: written,
  });
}

/** 'Condonar': the month is forgiven with its reason (managers); the arrears are recomputed. */
export function useWaiveMonth(policyId: number) {
  const written = useLedgerWritten(policyId);
  return useMutation({
    mutationFn: ({ monthId, reason, ifMatch }: { monthId: number; reason: string; ifMatch: number }) =>
      callEndpoint(rentEndpoints.waiveMonth, { params: { id: monthId }, body: { reason } }, { ifMatch }),
    onSuccess: written,
  });
}

/**
 * 'Pedir confirmación por WhatsApp': a fresh link for the owner (answered once: the server keeps
 * only its hash); the month then shows the confirmation asked.
 */
export function useConfirmationLink(policyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monthId: number) => callEndpoint(rentEndpoints.confirmationLink, { params: { id: monthId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentLedgerQueryOptions(policyId).queryKey }),
  });
}

/** 'Estado de cuenta (PDF)': drawn by the server from the ledger and the branch's template on each request. */
export function fetchRentStatement(policyId: number): Promise<Blob> {
  return callEndpointForBlob(rentEndpoints.statement, { params: { id: policyId } }, { requireToken: true, timeoutMs: 60_000 });
}

// --- the tenant's proofs of payment ----------------------------------------------------------------

function rentProofsQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'rent-proofs', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(rentProofEndpoints.list, { params: { id: policyId } }, { signal }),
  });
}

export function useRentProofs(policyId: number) {
  return useQuery(rentProofsQueryOptions(policyId));
}

/** 'Enlace para el inquilino': a fresh link (shown once), to send by WhatsApp or e-mail. */
export function useIssueProofLink(policyId: number) {
  return useMutation({ mutationFn: (body: RentProofLinkInput) => callEndpoint(rentProofEndpoints.issueLink, { params: { id: policyId }, body }) });
}

/** 'Confirmar': the proof becomes a payment; the ledger answered is the cache's, the list is read again. */
export function useConfirmProof(policyId: number) {
  const written = useLedgerWritten(policyId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proofId, body, ifMatch }: { proofId: number; body: ConfirmProofInput; ifMatch: number }) =>
      callEndpoint(rentProofEndpoints.confirm, { params: { id: proofId }, body }, { ifMatch }),
    onSuccess: async (ledger) => {
      await written(ledger);
    },
    // A 412 (someone recorded meanwhile) or 409 (confirmed elsewhere): the section reads the ledger again.
    onError: () => queryClient.invalidateQueries({ queryKey: rentLedgerQueryOptions(policyId).queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentProofsQueryOptions(policyId).queryKey }),
  });
}

/** 'Rechazar': with the reason the tenant will read. */
export function useRejectProof(policyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proofId, reason }: { proofId: number; reason: string }) => callEndpoint(rentProofEndpoints.reject, { params: { id: proofId }, body: { reason } }),
    onSuccess: async (list) => {
      queryClient.setQueryData(rentProofsQueryOptions(policyId).queryKey, list);
      await queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: rentProofsQueryOptions(policyId).queryKey }),
  });
}
