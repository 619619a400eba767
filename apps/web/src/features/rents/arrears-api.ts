import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rentEndpoints, type AgingBucket, type ExportFormat } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

/** What the aging report is asked for: one branch (admins may ask for none: every branch), one bucket, one page. */
export interface ArrearsFilter {
  branchId?: number;
  bucket?: AgingBucket;
  page?: number;
}

/** Every cached aging report: a payment or a reversal makes them stale. */
export const arrearsQueryKeyBase = ['rents', 'arrears'] as const;

function arrearsQueryOptions(filter: ArrearsFilter) {
  return queryOptions({
    queryKey: [...arrearsQueryKeyBase, filter],
    queryFn: ({ signal }) => callEndpoint(rentEndpoints.arrears, { query: filter }, { signal }),
    // Paging keeps the table on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useArrearsReport(filter: ArrearsFilter) {
  return useQuery(arrearsQueryOptions(filter));
}

/** The whole report (every page) as a file. */
export function fetchArrearsFile(format: ExportFormat, filter: Omit<ArrearsFilter, 'page'>): Promise<Blob> {
  return callEndpointForBlob(rentEndpoints.arrears, { query: { ...filter, format } }, { requireToken: true });
}
