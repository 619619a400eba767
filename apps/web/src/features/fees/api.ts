import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  feeEndpoints,
  receiptField,
  type BillingReportQuery,
  type FeeQuotePreviewQuery,
  type FeeTariffInput,
  type PaymentInput,
  type PolicyFee,
  type PolicyFeeInput,
  type PolicyType,
} from '@portal/domain';
import { callEndpoint, callEndpointForBlob, uploadToEndpoint } from '@/lib/endpoint-client';

/*
 * The office's fee (issue 34). A policy's fee is kept under 'policies': every policy write (a new
 * rent, another policy type) invalidates ['policies'], and the fee, quoted again by the server,
 * follows without this feature knowing each of those writes.
 */

export function policyFeeQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'fee', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(feeEndpoints.fee, { params: { id: policyId } }, { signal }),
  });
}

export function usePolicyFee(policyId: number) {
  return useQuery({ ...policyFeeQueryOptions(policyId), enabled: Number.isInteger(policyId) && policyId > 0 });
}

/** After a write: the answered fee is the cache's; the history, the reports and the dashboard follow. */
function useFeeWritten(policyId: number) {
  const queryClient = useQueryClient();
  return async (fee: PolicyFee) => {
    queryClient.setQueryData(policyFeeQueryOptions(policyId).queryKey, fee);
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] }), queryClient.invalidateQueries({ queryKey: ['fees'] })]);
  };
}

/** 'Registrar pago': `ifMatch` is the fee's version the dialog was opened at. */
export function useRecordFeePayment(policyId: number) {
  const written = useFeeWritten(policyId);
  return useMutation({
    mutationFn: ({ body, ifMatch, receipt }: { body: PaymentInput; ifMatch: number; receipt?: File | null }) =>
      receipt
        ? uploadToEndpoint(feeEndpoints.recordPayment, { id: policyId }, receipt, {
            fieldName: receiptField,
            fields: { amount: String(body.amount), receivedOn: body.receivedOn, method: body.method, reference: body.reference ?? '' },
            ifMatch,
          })
        : callEndpoint(feeEndpoints.recordPayment, { params: { id: policyId }, body }, { ifMatch }),
    onSuccess: written,
  });
}

export function useReverseFeePayment(policyId: number) {
  const written = useFeeWritten(policyId);
  return useMutation({
    mutationFn: ({ paymentId, reason, ifMatch }: { paymentId: number; reason: string; ifMatch: number }) =>
      callEndpoint(feeEndpoints.reversePayment, { params: { id: paymentId }, body: { reason } }, { ifMatch }),
    onSuccess: written,
  });
}

/** Who pays, the extras, a manager's discount. */
export function useUpdateFee(policyId: number) {
  const written = useFeeWritten(policyId);
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: PolicyFeeInput; ifMatch: number }) => callEndpoint(feeEndpoints.updateFee, { params: { id: policyId }, body }, { ifMatch }),
    onSuccess: written,
  });
}

export const fetchFeeReceipt = (paymentId: number) => callEndpointForBlob(feeEndpoints.paymentReceipt, { params: { id: paymentId } });

/** What the branch would quote now (the policy form, the lead's conversion): only with a rent and a type. */
export function useFeeQuotePreview(query: { policyType: PolicyType | ''; rent: string; branchId?: number | undefined }) {
  const ready = query.policyType !== '' && /^\d[\d,]*(\.\d{1,2})?$/.test(query.rent.trim()) && Number(query.rent.replace(/,/g, '')) > 0;
  const params: FeeQuotePreviewQuery = { policyType: query.policyType as PolicyType, rent: query.rent.trim(), ...(query.branchId ? { branchId: query.branchId } : {}) };
  return useQuery({
    queryKey: ['fees', 'quote', params] as const,
    queryFn: ({ signal }) => callEndpoint(feeEndpoints.quotePreview, { query: params }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export function useFeeTariffs(branchId: number | undefined) {
  return useQuery({
    queryKey: ['fees', 'tariffs', branchId ?? 'all'] as const,
    queryFn: ({ signal }) => callEndpoint(feeEndpoints.tariffs, { query: branchId ? { branchId } : {} }, { signal }),
  });
}

export function useTariffHistory(branchId: number, policyType: PolicyType, enabled: boolean) {
  return useQuery({
    queryKey: ['fees', 'tariffs', 'history', branchId, policyType] as const,
    queryFn: ({ signal }) => callEndpoint(feeEndpoints.tariffHistory, { query: { branchId, policyType } }, { signal }),
    enabled,
  });
}

export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: FeeTariffInput; ifMatch: number }) => callEndpoint(feeEndpoints.saveTariff, { body }, { ifMatch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees', 'tariffs'] }),
  });
}

export function useBillingReport(query: Omit<BillingReportQuery, 'format'>) {
  return useQuery({
    queryKey: ['fees', 'billing', query] as const,
    queryFn: ({ signal }) => callEndpoint(feeEndpoints.billingReport, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const fetchBillingExport = (query: Omit<BillingReportQuery, 'format'>, format: 'csv' | 'xlsx') => callEndpointForBlob(feeEndpoints.billingReport, { query: { ...query, format } });

export function useFeeCollections(enabled: boolean) {
  return useQuery({
    queryKey: ['fees', 'collections'] as const,
    queryFn: ({ signal }) => callEndpoint(feeEndpoints.collections, {}, { signal }),
    enabled,
  });
}
