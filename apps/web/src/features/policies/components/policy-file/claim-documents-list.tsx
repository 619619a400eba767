import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import { claimDocumentKindLabels, claimMessages, type PolicyFile } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { formatFileSize } from '@/lib/file-size';
import { paths } from '@/lib/paths';
import { DownloadButton } from '@/components/download-button';
import { Card } from '@/components/ui/card';
import { fetchClaimDocument } from '../../api';

type ClaimDocumentRow = PolicyFile['claimDocuments'][number];

function ClaimDocumentLine({ document }: { document: ClaimDocumentRow }) {
  const label = claimDocumentKindLabels[document.kind];
  const nameId = `claim-document-${document.id}`;
  return (
    <li data-testid="claim-document" className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1 basis-56">
        <p id={nameId} className="text-sm font-medium text-slate-900 dark:text-white">
          {label} ·{' '}
          <Link to={paths.claims.detail.to(document.claimId)} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            {document.claimNumber}
          </Link>
        </p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">
          {document.fileName} · {formatFileSize(document.size)}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(document.createdAt)} · {document.createdBy || 'Sin usuario'}
        </p>
      </div>
      <DownloadButton
        label="Descargar"
        variant="secondary"
        describedBy={nameId}
        fetchFile={() => fetchClaimDocument(document.id)}
        fileName={document.fileName}
        errorTitle="No se pudo descargar el documento"
      />
    </li>
  );
}

/**
 * The documents drawn in the policy's incidencias (issue 33): requerimientos, cartas, convenios
 * and demand summaries join the expediente. Each is a draft for the office's lawyer to review.
 */
export function ClaimDocumentsList({ documents }: { documents: ClaimDocumentRow[] | undefined }) {
  if (!documents || documents.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Documentos de incidencias</h3>
      <p role="note" className="mt-1 text-sm text-amber-800 dark:text-amber-300">
        {claimMessages.lawyerDraft}
      </p>
      <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {documents.map((document) => (
          <ClaimDocumentLine key={document.id} document={document} />
        ))}
      </ul>
    </Card>
  );
}
