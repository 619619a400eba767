import { useState } from 'react';
import { FileDown, FileSpreadsheet } from 'lucide-react';
import type { ExportFormat } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { downloadExport, type ExportEndpoint, type ExportFilters } from '@/lib/download-export';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';

interface ExportButtonsProps<E extends ExportEndpoint> {
  /** The list's export endpoint, e.g. policyEndpoints.export. */
  endpoint: E;
  /** The file's name before the date: polizas, addendums, citas. */
  list: string;
  /** The list's current filters, as the API's query: the file holds everything they select. */
  query: ExportFilters<E>;
  /** The error toast's title: 'No se pudieron exportar las pólizas'. */
  errorTitle: string;
}

const labels: Record<ExportFormat, string> = { csv: 'Exportar CSV', xlsx: 'Exportar XLSX' };
const icons = { csv: FileDown, xlsx: FileSpreadsheet } as const;

/**
 * 'Exportar CSV' and 'Exportar XLSX': the whole list the filters select (not only the rows
 * loaded), fetched with the session's token and saved. While one runs both wait; a failure says
 * so in a toast.
 */
export function ExportButtons<E extends ExportEndpoint>({ endpoint, list, query, errorTitle }: ExportButtonsProps<E>) {
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setRunning(format);
    try {
      await downloadExport(endpoint, list, query, format);
    } catch (error) {
      notify.error(errorTitle, errorMessage(error));
    } finally {
      setRunning(null);
    }
  };
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => {
        const Icon = icons[format];
        return (
          <Button key={format} variant="secondary" onClick={() => void run(format)} disabled={running !== null} aria-busy={running === format || undefined}>
            <Icon aria-hidden="true" className={running === format ? 'animate-pulse' : undefined} />
            {running === format ? 'Exportando...' : labels[format]}
          </Button>
        );
      })}
    </>
  );
}
