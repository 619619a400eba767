import { z } from 'zod';

/** The files a list can be exported to: CSV (UTF-8 with BOM, for Excel in Spanish) or XLSX. */
const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportFormatSchema = z.enum(exportFormats, { error: 'El formato de exportación debe ser csv o xlsx' }).default('csv');

/**
 * The name an export is saved under: `polizas_2026-11-24.csv`. The server sends it in
 * Content-Disposition and the browser saves the blob under the same name.
 */
export function exportFileName(list: string, format: ExportFormat, day: string): string {
  return `${list}_${day}.${format}`;
}
