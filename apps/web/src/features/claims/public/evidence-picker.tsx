import { useEffect, useId, useRef, useState } from 'react';
import { Camera, FileText, X } from 'lucide-react';
import { claimOwnerMaxFiles, claimOwnerMessages } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/file-size';

/** What the server takes (it judges by the bytes; this only keeps the phone's picker to them). */
const evidenceAccept = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
const acceptedTypes = new Set(['image/jpeg', 'image/png', 'application/pdf']);
const acceptedNames = /\.(jpe?g|png|pdf)$/i;

/** Whether a chosen file looks like a photo or a PDF (by its type, or its name when the phone gives none). */
function isEvidenceFile(file: File): boolean {
  return acceptedTypes.has(file.type) || (file.type === '' && acceptedNames.test(file.name));
}

interface EvidencePickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** The server's or the form's refusal of the files. */
  error?: string | undefined;
}

/**
 * Up to five photos or PDFs for the owner's report, made for a phone: the camera or the gallery,
 * each chosen file shown with its preview, name and size, and a button to take it out again.
 */
export function EvidencePicker({ files, onChange, disabled, error }: EvidencePickerProps) {
  const inputId = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const full = files.length >= claimOwnerMaxFiles;

  const add = (chosen: FileList | null) => {
    const picked = Array.from(chosen ?? []);
    const wrong = picked.filter((file) => !isEvidenceFile(file));
    const room = claimOwnerMaxFiles - files.length;
    const fitting = picked.filter(isEvidenceFile);
    setRefused(wrong.length > 0 ? claimOwnerMessages.unsupportedFileType : fitting.length > room ? claimOwnerMessages.tooManyFiles : null);
    if (fitting.length > 0) onChange([...files, ...fitting.slice(0, Math.max(room, 0))]);
  };

  const message = refused ?? error;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Fotos o archivos <span className="font-normal text-slate-500 dark:text-slate-400">(opcional)</span>
      </p>
      <input
        id={inputId}
        type="file"
        multiple
        accept={evidenceAccept}
        aria-label="Agregar fotos o archivos"
        aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
        disabled={disabled || full}
        onChange={(event) => {
          add(event.target.files);
          // The same photo may be chosen again after it was taken out.
          event.target.value = '';
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex h-10 w-full cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-3 text-sm font-medium text-slate-700',
          'hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:pointer-events-none peer-disabled:opacity-60',
        )}
      >
        <Camera aria-hidden="true" className="size-4" />
        {full ? `Ya eligió ${claimOwnerMaxFiles} archivos` : 'Tomar o elegir fotos'}
      </label>
      <p id={`${inputId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        Hasta {claimOwnerMaxFiles}: fotos JPG o PNG, o archivos PDF.
      </p>
      {message ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul aria-label="Archivos elegidos" className="space-y-2">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
              <Preview file={file} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{file.name}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={disabled}
                aria-label={`Quitar ${file.name}`}
                onClick={() => {
                  setRefused(null);
                  onChange(files.filter((_, other) => other !== index));
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A photo's thumbnail (its object URL made for the image element and freed when it goes), or a document's icon. */
function Preview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  const isImage = file.type.startsWith('image/') && typeof URL.createObjectURL === 'function';
  useEffect(() => {
    if (!isImage || !image.current) return;
    const objectUrl = URL.createObjectURL(file);
    image.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, isImage]);
  if (isImage) return <img ref={image} alt={`Vista previa de ${file.name}`} className="size-12 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800" />;
  return (
    <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
      <FileText className="size-6" />
    </span>
  );
}
