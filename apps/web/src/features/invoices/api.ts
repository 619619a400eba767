import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceEndpoints, type Invoice, type InvoiceCancelInput, type InvoiceListQuery, type InvoiceRequest } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/*
 * The fee payments' invoices (issue 34). Every key starts with 'invoices', so an issue or a
 * cancellation refreshes the policy's invoices and the month's list at once.
 */

const invoicesKey = ['invoices'] as const;

/** Whether invoicing is on (FACTURAPI_KEY) and with a test key: read once per session and kept. */
export function useInvoicingSettings() {
  return useQuery({
    queryKey: [...invoicesKey, 'settings'],
    queryFn: ({ signal }) => callEndpoint(invoiceEndpoints.settings, {}, { signal }),
    staleTime: Infinity,
  });
}

export function usePolicyInvoices(policyId: number, enabled = true) {
  return useQuery({
    queryKey: [...invoicesKey, 'policy', policyId],
    queryFn: ({ signal }) => callEndpoint(invoiceEndpoints.policyInvoices, { params: { id: policyId } }, { signal }),
    enabled,
  });
}

export function useInvoiceList(query: Omit<InvoiceListQuery, 'format'>) {
  return useQuery({
    queryKey: [...invoicesKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(invoiceEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After an invoice is issued or cancelled: the invoices everywhere, and the policy's fee (its payments show them). */
function useInvoiceWritten(policyId: number) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: invoicesKey }), queryClient.invalidateQueries({ queryKey: ['policies', 'fee', policyId] })]);
}

/** 'Facturar': `key` is the dialog's Idempotency-Key (one per opening: two clicks make one invoice). */
export function useIssueInvoice(policyId: number) {
  const written = useInvoiceWritten(policyId);
  return useMutation({
    mutationFn: ({ paymentId, body, key }: { paymentId: number; body: InvoiceRequest; key: string }) =>
      callEndpoint(invoiceEndpoints.issue, { params: { id: paymentId }, body }, { idempotencyKey: key, timeoutMs: 90_000 }),
    onSuccess: written,
  });
}

export function useCancelInvoice(policyId: number) {
  const written = useInvoiceWritten(policyId);
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: number; body: InvoiceCancelInput }): Promise<Invoice> =>
      callEndpoint(invoiceEndpoints.cancel, { params: { id: invoiceId }, body }, { timeoutMs: 90_000 }),
    onSuccess: written,
  });
}

export function fetchInvoiceFile(invoiceId: number, kind: 'xml' | 'pdf'): Promise<Blob> {
  return callEndpointForBlob(invoiceEndpoints[kind], { params: { id: invoiceId } });
}
