import { useId } from 'react';
import { FileText, Upload } from 'lucide-react';
import { addendumMessages, type Addendum } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { formatFileSize } from '@/lib/file-size';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { storedFile } from '../components/addendum-format';
import { AddendumDownloadButton } from '../components/addendum-download-button';
import type { AddendumUpload } from './use-addendum-upload';

/** What the API takes (it checks the content too); the spec's '.xdoc' is a typo for .docx. */
const acceptedFileTypes =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const filePickerLabel = 'Seleccionar archivo del addendum';
const uploadButtonLabel = 'Subir archivo';

interface FileSectionProps {
  upload: AddendumUpload;
  /** The saved addendum (edit): its stored file, and where 'Subir archivo' sends a new one. */
  addendum?: Addendum | undefined;
  readOnly: boolean;
  /** Spec: no upload without a policy. */
  policyChosen: boolean;
  /** The form is saving (on create the file goes up right after). */
  saving: boolean;
}

/**
 * The addendum's one file. On create the file chosen goes up once the addendum is saved; on edit
 * 'Subir archivo' sends it at once and it replaces the stored one.
 */
export function FileSection({ upload, addendum, readOnly, policyChosen, saving }: FileSectionProps) {
  const hintId = useId();
  const stored = addendum ? storedFile(addendum) : null;
  const busy = upload.uploading || saving;
  return (
    <div className="space-y-4">
      {addendum ? <StoredFile addendum={addendum} /> : null}
      {readOnly ? null : (
        <div className="space-y-2">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <FilePicker
              // A new input after each upload, so the same file can be picked again.
              key={stored?.uploadedAt ?? 'none'}
              label={filePickerLabel}
              accept={acceptedFileTypes}
              disabled={!policyChosen || busy}
              fileName={upload.file?.name}
              onChange={upload.choose}
            />
            {addendum ? (
              <Button size="sm" disabled={!policyChosen || busy} aria-describedby={hintId} onClick={() => void upload.send(addendum)}>
                <Upload aria-hidden="true" />
                {uploadButtonLabel}
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
            {addendumMessages.fileHint}
            {policyChosen ? '' : ' · Seleccione primero la póliza'}
          </p>
        </div>
      )}
      {upload.progress !== null ? <UploadProgress percent={upload.progress} /> : null}
      {upload.problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {upload.problem}
        </p>
      ) : null}
    </div>
  );
}

function StoredFile({ addendum }: { addendum: Addendum }) {
  const file = storedFile(addendum);
  const nameId = useId();
  if (!file) return <p className="text-sm text-slate-500 dark:text-slate-400">Este addendum aún no tiene archivo.</p>;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
      <p className="flex min-w-0 items-start gap-2 text-sm">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span className="min-w-0">
          <span className="text-slate-600 dark:text-slate-400">Archivo actual: </span>
          <span id={nameId} data-testid="stored-file-name" className="font-medium break-all text-slate-900 dark:text-white">
            {file.originalFilename}
          </span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {formatFileSize(file.size)} · {formatDateTime(file.uploadedAt)}
          </span>
        </span>
      </p>
      <AddendumDownloadButton addendum={addendum} describedBy={nameId} variant="secondary" />
    </div>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  const labelId = useId();
  return (
    <div role="status" className="space-y-1">
      <div className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-400">
        <span id={labelId}>{addendumMessages.uploading}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <ProgressBar percent={percent} labelledBy={labelId} />
    </div>
  );
}
