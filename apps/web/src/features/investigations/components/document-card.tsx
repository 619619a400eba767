import { useId } from 'react';
import { Download, ExternalLink, FileText, Link2, Loader2 } from 'lucide-react';
import { documentTypeLabel, identificationTypeLabels, normaliseFileName, type InvestigationDocument } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { formatFileSize } from '@/lib/file-size';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DeleteDocumentButton } from './delete-document-button';
import { DocumentResponse } from './document-response';
import { useDocumentFile } from './use-document-file';

interface DocumentCardProps {
  folio: string;
  document: InvestigationDocument;
  canRespond: boolean;
  /** False once the investigation is decided: its documents stay as the reviewer saw them. */
  canDelete: boolean;
  onDeleted: () => void;
}

/** One stored document on the results screen: what it is, its file, and the reviewer's answer. */
export function DocumentCard({ folio, document, canRespond, canDelete, onDeleted }: DocumentCardProps) {
  const headingId = useId();
  const name = normaliseFileName(document.originalFilename);
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid="document-card"
      data-document-type={document.documentType}
      className="space-y-3 p-4"
    >
      <div className="flex items-start gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="text-sm font-semibold break-all text-slate-900 dark:text-white">
            {name}
          </h2>
          <DocumentFacts document={document} />
        </div>
        {canDelete ? <DeleteDocumentButton folio={folio} document={document} onDeleted={onDeleted} /> : null}
      </div>
      <FileButtons document={document} name={name} />
      <DocumentResponse folio={folio} document={document} canRespond={canRespond} />
    </Card>
  );
}

/** 'Tipo:' in Spanish (the spec rendered the type as a date; the issue corrects it), the upload date, size and who. */
function DocumentFacts({ document }: { document: InvestigationDocument }) {
  const identification = document.identificationType ? ` (${identificationTypeLabels[document.identificationType]})` : '';
  return (
    <div className="space-y-0.5 text-sm text-slate-600 dark:text-slate-400">
      <p className="flex flex-wrap gap-x-3">
        <span data-testid="document-type">
          <span className="font-medium text-slate-700 dark:text-slate-300">Tipo:</span> {documentTypeLabel(document.documentType)}
          {identification}
        </span>
        <time dateTime={document.uploadedAt}>{formatDateTime(document.uploadedAt)}</time>
      </p>
      <p>
        {formatFileSize(document.size)}
        {document.uploadedVia === 'staff' && document.uploadedByName ? ` · Subido por ${document.uploadedByName}` : null}
      </p>
      {document.uploadedVia === 'link' ? <LinkBadge name={document.uploadedViaLinkName} /> : null}
    </div>
  );
}

/** A file the person sent through their link rather than a staff member (issue 17). */
function LinkBadge({ name }: { name: string | null }) {
  return (
    <Badge tone="brand" data-testid="received-by-link" className="gap-1">
      <Link2 aria-hidden="true" className="size-3.5" />
      Recibido por enlace{name ? ` · ${name}` : ''}
    </Badge>
  );
}

function FileButtons({ document, name }: { document: InvestigationDocument; name: string }) {
  const file = useDocumentFile(document);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Ver documento ${name}`}
        disabled={file.busy !== null}
        onClick={() => void file.view()}
      >
        {file.busy === 'view' ? <Loader2 aria-hidden="true" className="animate-spin" /> : <ExternalLink aria-hidden="true" />}
        Ver
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Descargar documento ${name}`}
        disabled={file.busy !== null}
        onClick={() => void file.download()}
      >
        {file.busy === 'download' ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        Descargar
      </Button>
    </div>
  );
}
