import { Download, Eye, FileText } from 'lucide-react';
import { contractDocumentLabels, type ContractDocument } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { formatFileSize } from '@/lib/file-size';
import { Button } from '@/components/ui/button';
import type { useContractFiles } from './use-contract-files';

type ContractFiles = ReturnType<typeof useContractFiles>;

function pagesText(count: number): string {
  return count === 1 ? '1 página' : `${count} páginas`;
}

function templateText(document: ContractDocument): string {
  return `Plantilla v${document.templateVersion} ${document.templateIsBranchOverride ? 'de la sucursal' : 'predeterminada'}`;
}

/** One generated PDF: what it is, where it came from, and 'Ver' / 'Descargar'. */
export function ContractDocumentLine({ document, files }: { document: ContractDocument; files: ContractFiles }) {
  const label = contractDocumentLabels[document.kind];
  return (
    <li data-testid="contract-document" className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1 basis-56">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{label}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {pagesText(document.pageCount)} · {formatFileSize(document.size)} · {templateText(document)}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(document.createdAt)} · {document.createdByName}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={files.busy === `view-${document.id}`}
          onClick={() => void files.view(document.id)}
          aria-label={`Ver ${label} (versión ${document.packVersion})`}
        >
          <Eye aria-hidden="true" />
          Ver
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={files.busy === `download-${document.id}`}
          onClick={() => void files.download(document.id, document.fileName)}
          aria-label={`Descargar ${label} (versión ${document.packVersion})`}
        >
          <Download aria-hidden="true" />
          Descargar
        </Button>
      </div>
    </li>
  );
}
