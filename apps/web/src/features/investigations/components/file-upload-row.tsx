import { useId } from 'react';
import { CheckCircle2, RotateCw, Upload } from 'lucide-react';
import {
  documentTypeLabel,
  identificationTypeLabels,
  investigationMessages,
  normaliseFileName,
  type IdentificationType,
  type InvestigationDocument,
} from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { SendProgress } from '@/components/ui/send-progress';
import { maxAttempts } from '@/lib/send-document';
import { useFileUpload, type FileUploadState } from './use-file-upload';

/** The types the API accepts (it checks the content too). */
const acceptedFileTypes = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

interface FileUploadRowProps {
  folio: string;
  documentType: string;
  identificationType?: IdentificationType | undefined;
  /** The row's visible name within its slot ('Comprobante 2 de 3', 'INE parte trasera'). */
  title: string;
  existing?: InvestigationDocument | undefined;
  /** Id of the slot's heading: with the row's title it tells which 'Subir' or 'Reintentar' this is. */
  slotHeadingId: string;
  /** The investigation was decided: nothing is uploaded any more. */
  locked: boolean;
}

/**
 * One file of a slot: pick it, then 'Subir' (an explicit step, so a wrong pick or a wrong
 * identification type never replaces a stored file by itself). The row shows its state, the
 * progress while sending, the stored file's name, or the server's reason with 'Reintentar'.
 */
export function FileUploadRow({ folio, documentType, identificationType, title, existing, slotHeadingId, locked }: FileUploadRowProps) {
  const { state, choose, upload } = useFileUpload({ folio, documentType, identificationType, existing });
  const titleId = useId();
  const describedBy = `${slotHeadingId} ${titleId}`;
  const loading = state.phase === 'loading';

  return (
    <li
      data-testid={`upload-row-${documentType}`}
      data-state={state.phase}
      className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={titleId} className="text-sm font-medium text-slate-900 dark:text-white">
          {title}
        </p>
        <UploadStatusTag state={state} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <FilePicker
          // A new input after each upload, so the same file can be picked again.
          key={state.uploaded?.id ?? 'none'}
          label={`Seleccionar archivo: ${documentTypeLabel(documentType)}`}
          accept={acceptedFileTypes}
          disabled={loading || locked}
          fileName={state.file?.name}
          onChange={choose}
        />
        <Button size="sm" disabled={!state.file || loading || locked} aria-describedby={describedBy} onClick={upload}>
          <Upload aria-hidden="true" />
          Subir
        </Button>
      </div>
      <UploadDetail state={state} describedBy={describedBy} onRetry={upload} />
    </li>
  );
}

function UploadStatusTag({ state }: { state: FileUploadState }) {
  const tags = {
    idle: { tone: 'neutral', text: state.file ? 'Listo para subir' : 'Pendiente' },
    loading: { tone: 'brand', text: 'Subiendo...' },
    success: { tone: 'success', text: 'Subido' },
    error: { tone: 'danger', text: investigationMessages.uploadFailedTag },
  } as const;
  const tag = tags[state.phase];
  return (
    <span aria-live="polite">
      <Badge tone={tag.tone}>{tag.text}</Badge>
    </span>
  );
}

interface UploadDetailProps {
  state: FileUploadState;
  describedBy: string;
  onRetry: () => void;
}

function UploadDetail({ state, describedBy, onRetry }: UploadDetailProps) {
  if (state.phase === 'loading' && state.file && state.step) return <SendProgress fileName={state.file.name} step={state.step} maxAttempts={maxAttempts} />;
  if (state.phase === 'error') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
        <Button variant="secondary" size="sm" aria-describedby={describedBy} onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {investigationMessages.retry}
        </Button>
      </div>
    );
  }
  if (!state.uploaded) return null;
  const name = normaliseFileName(state.uploaded.originalFilename);
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
      <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
      <span className="min-w-0 break-all">
        {state.phase === 'idle' ? 'Archivo actual (se reemplazará al subir el nuevo): ' : 'Archivo: '}
        <span data-testid="uploaded-file-name" className="font-medium text-slate-800 dark:text-slate-200">
          {name}
        </span>
        {/* The type it went up as: a later change of the select shows up as a mismatch here. */}
        {state.uploaded.identificationType ? ` (${identificationTypeLabels[state.uploaded.identificationType]})` : null}
        {state.uploaded.uploadedAt ? ` · ${formatDateTime(state.uploaded.uploadedAt)}` : null}
      </span>
    </p>
  );
}
