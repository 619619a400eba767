import { businessDate, exportFileName, type ExportFormat } from '@portal/domain';
import { apiClient } from './api-client';
import { saveBlob } from './blob-files';

type ExportQuery = Record<string, string | number | undefined>;

/** An export of a long list is built while it downloads: give it far longer than a page. */
const exportTimeoutMs = 10 * 60_000;

/**
 * Fetches a list's export (`GET {path}?…filters…&format=`) with the bearer token and saves it
 * under the name the server gives it (polizas_2026-11-24.csv).
 */
export async function downloadExport(path: string, list: string, query: ExportQuery, format: ExportFormat): Promise<void> {
  const blob = await apiClient.getBlob(path, { query: { ...query, format }, timeoutMs: exportTimeoutMs, requireToken: true });
  saveBlob(blob, exportFileName(list, format, businessDate()));
}
