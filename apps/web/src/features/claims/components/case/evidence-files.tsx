import { useId, useRef } from 'react';
import { FileText, Image, Upload } from 'lucide-react';
import type { ClaimDetail } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatFileSize } from '@/lib/file-size';
import { notify } from '@/lib/toast';
import { DownloadButton } from '@/components/download-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { downloadClaimFile, useUploadClaimFile } from '../../api/case';
import { formatMexicoDateTime } from './claim-format';

const evidenceAccept = 'image/*,application/pdf';

/** 'Evidencias': the owner's photos and files and those staff add (a photo from the phone, or a PDF). */
export function EvidenceFiles({ claim, canUpload }: { claim: ClaimDetail; canUpload: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadClaimFile(claim.id);
  const send = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      notify.success('Evidencia agregada', file.name);
    } catch (error) {
      if (!isSessionExpired(error)) notify.error('Error al subir la evidencia', errorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Evidencias</h2>
        {canUpload ? (
          <>
            <input ref={input} id={inputId} type="file" accept={evidenceAccept} className="sr-only" aria-label="Archivo de evidencia" onChange={(event) => void send(event.target.files?.[0])} />
            <Button type="button" size="sm" variant="secondary" disabled={upload.isPending} aria-busy={upload.isPending || undefined} onClick={() => input.current?.click()}>
              <Upload aria-hidden="true" />
              {upload.isPending ? 'Subiendo…' : 'Agregar evidencia'}
            </Button>
          </>
        ) : null}
      </div>
      {claim.files.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Sin evidencias.</p>
      ) : (
        <ul aria-label="Evidencias" className="divide-y divide-slate-100 dark:divide-slate-800">
          {claim.files.map((file) => (
            <li key={file.id} className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span className="text-slate-500 dark:text-slate-400">
                {file.uploadedBy} · {formatMexicoDateTime(file.createdAt)} · {formatFileSize(file.size)}
              </span>
              <DownloadButton
                label={file.fileName}
                icon={file.mimeType.startsWith('image/') ? Image : FileText}
                fetchFile={() => downloadClaimFile(file.id)}
                fileName={file.fileName}
                errorTitle="Error al abrir la evidencia"
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
