import { useId, useState, type DragEvent } from 'react';
import { FileUp } from 'lucide-react';
import { cn } from '@/lib/cn';
import { verificationTexts as texts } from '../verification-texts';

/**
 * Where the signed PDF is dropped or chosen. The real file input stays in the page, labelled and
 * focusable, so a keyboard (and a phone, which has no dragging) chooses the file through it.
 */
export function PdfDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed bg-white px-4 py-8 text-center dark:bg-slate-900',
        dragging ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/40' : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <FileUp aria-hidden="true" className="size-10 text-brand-600 dark:text-brand-400" />
      <p className="hidden text-sm font-medium sm:block">{texts.dropHere}</p>
      <p className="hidden text-xs text-slate-500 sm:block dark:text-slate-400">{texts.or}</p>
      <input
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        aria-label={texts.chooseLabel}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again is a new choice.
          event.target.value = '';
          if (file) onFile(file);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:pointer-events-none peer-disabled:opacity-60',
        )}
      >
        {texts.choose}
      </label>
      <p className="max-w-sm text-xs text-slate-500 dark:text-slate-400">{texts.dropHint}</p>
    </div>
  );
}
