import { addendumDownloadName, addendumStatusLabels, type Addendum } from '@portal/domain';
import { formatDate } from '@/lib/dates';

/** Shown in a cell with nothing to show, so an empty cell never reads as a rendering glitch. */
export const emptyCell = '—';

const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** '$1,500.50': pesos with their centavos, as Mexico writes them. */
export function formatAmount(amount: number): string {
  return Number.isFinite(amount) ? pesos.format(amount) : emptyCell;
}

/**
 * 'Vigencia': '01 dic 2026 – 30 nov 2027'. The dates are calendar dates ('yyyy-MM-dd'), read as
 * local midnight by formatDate, so west of UTC they do not slip to the day before.
 */
export function formatPeriod(startDate: string, endDate: string): string {
  return `${formatDate(startDate) || emptyCell} – ${formatDate(endDate) || emptyCell}`;
}

/** The spec's labels; a status the web does not know yet is shown as it comes (spec section 4). */
export function statusLabel(status: string): string {
  return addendumStatusLabels[status as keyof typeof addendumStatusLabels] ?? status;
}

/** The stored file, if any (the server keeps at most one). */
export function storedFile(addendum: Addendum) {
  return addendum.files[0] ?? null;
}

const extensionsByMime: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
};

/** '.pdf', '.doc' or '.docx': from the stored file's name, else its type, else the spec's '.pdf'. */
function storedFileExtension(file: Addendum['files'][number] | null): string {
  const fromName = file?.originalFilename.toLowerCase().match(/\.(pdf|docx?)$/)?.[0];
  return fromName ?? extensionsByMime[file?.mimeType ?? ''] ?? '.pdf';
}

/** Spec: the download is saved as addendum_{policyId}.pdf (or the stored file's own extension). */
export function downloadFileName(addendum: Addendum): string {
  return addendumDownloadName(addendum.policyId, storedFileExtension(storedFile(addendum)));
}
