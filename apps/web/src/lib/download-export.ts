import type { z } from 'zod';
import { businessDate, exportFileName, type Endpoint, type EndpointQuery, type ExportFormat } from '@portal/domain';
import { callEndpointForBlob } from './endpoint-client';
import { saveBlob } from './blob-files';

/** A list's export endpoint (policyEndpoints.export): a GET whose query is the list's filters and the file's format. */
export type ExportEndpoint = Endpoint & { method: 'GET'; query: z.ZodType<unknown, { format?: ExportFormat }> };

/** The list's filters, as its export's query takes them; the format is the button's. */
export type ExportFilters<E extends ExportEndpoint> = Omit<EndpointQuery<E>, 'format'>;

/** An export of a long list is built while it downloads: give it far longer than a page. */
const exportTimeoutMs = 10 * 60_000;

/**
 * Fetches a list's export (`GET {path}?…filters…&format=`) with the bearer token and saves it
 * under the name the server gives it (polizas_2026-11-24.csv).
 */
export async function downloadExport<E extends ExportEndpoint>(endpoint: E, list: string, filters: ExportFilters<E>, format: ExportFormat): Promise<void> {
  const exportEndpoint: ExportEndpoint = endpoint;
  const blob = await callEndpointForBlob(exportEndpoint, { query: { ...filters, format } }, { timeoutMs: exportTimeoutMs, requireToken: true });
  saveBlob(blob, exportFileName(list, format, businessDate()));
}
