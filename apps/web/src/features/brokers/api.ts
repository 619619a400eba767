import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brokerEndpoints, type BrokerInput, type BrokerListQuery, type CommissionState, type ExportFormat, type PayoutInput } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/*
 * Asesores and inmobiliarias (issue 34): the directory, a broker's commissions and payouts, the
 * monthly statement and 'Comisiones por pagar'. Every write makes the broker's money stale.
 */

const brokersKey = ['brokers'] as const;

function brokersQueryOptions(query: BrokerListQuery = {}) {
  return queryOptions({
    queryKey: [...brokersKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(brokerEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBrokers(query: BrokerListQuery = {}, enabled = true) {
  return useQuery({ ...brokersQueryOptions(query), enabled });
}

export function useBroker(id: number) {
  return useQuery({
    queryKey: [...brokersKey, 'one', id],
    queryFn: ({ signal }) => callEndpoint(brokerEndpoints.get, { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** 'Agregar asesor' (a new record) or 'Guardar' (the whole record, If-Match its version). */
export function useSaveBroker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: BrokerInput; version?: number }) =>
      id ? callEndpoint(brokerEndpoints.update, { params: { id }, body }, { ifMatch: version }) : callEndpoint(brokerEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokersKey }),
  });
}

export function useCommissions(brokerId: number, state?: CommissionState) {
  return useQuery({
    queryKey: [...brokersKey, 'commissions', brokerId, state ?? 'all'],
    queryFn: ({ signal }) => callEndpoint(brokerEndpoints.commissions, { params: { id: brokerId }, query: state ? { state } : {} }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** 'Pagar comisiones': the entries chosen, the transfer's date and reference. */
export function usePayCommissions(brokerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutInput) => callEndpoint(brokerEndpoints.pay, { params: { id: brokerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokersKey }),
  });
}

export function useReversePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, reason }: { payoutId: number; reason: string }) => callEndpoint(brokerEndpoints.reversePayout, { params: { id: payoutId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokersKey }),
  });
}

export function useStatement(brokerId: number, month: string) {
  return useQuery({
    queryKey: [...brokersKey, 'statement', brokerId, month],
    queryFn: ({ signal }) => callEndpoint(brokerEndpoints.statement, { params: { id: brokerId }, query: { month } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function fetchStatementFile(brokerId: number, month: string, format: 'pdf' | 'csv'): Promise<Blob> {
  return callEndpointForBlob(brokerEndpoints.statement, { params: { id: brokerId }, query: { month, format } }, { requireToken: true });
}

export function useCommissionsReport(month: string, branchId?: number) {
  return useQuery({
    queryKey: [...brokersKey, 'report', month, branchId ?? 'all'],
    queryFn: ({ signal }) => callEndpoint(brokerEndpoints.report, { query: { month, ...(branchId ? { branchId } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function fetchReportFile(month: string, branchId: number | undefined, format: ExportFormat): Promise<Blob> {
  return callEndpointForBlob(brokerEndpoints.report, { query: { month, format, ...(branchId ? { branchId } : {}) } }, { requireToken: true });
}
