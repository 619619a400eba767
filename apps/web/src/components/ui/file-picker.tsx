import { useId } from 'react';
import { FolderOpen } from 'lucide-react';
import { cn } from '@/lib/cn';

interface FilePickerProps {
  /** The input's accessible name ('Seleccionar archivo: Carta Laboral'). */
  label: string;
  accept: string;
  disabled?: boolean;
  /** The name of the file chosen, shown beside the button. */
  fileName: string | undefined;
  onChange: (file: File | null) => void;
}

/**
 * A file input that speaks Spanish whatever the browser's language (the native one says
 * 'Choose File' on an English Chrome). The real input stays in the page, focusable and labelled,
 * so keyboards, screen readers and tests use it as they would the native control.
 */
export function FilePicker({ label, accept, disabled, fileName, onChange }: FilePickerProps) {
  const inputId = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <input
        id={inputId}
        type="file"
        accept={accept}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm',
          'hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:pointer-events-none peer-disabled:opacity-60',
        )}
      >
        <FolderOpen aria-hidden="true" className="size-4" />
        Elegir archivo
      </label>
      <span className={cn('min-w-0 truncate text-sm', fileName ? 'text-slate-800 dark:text-slate-200' : 'text-slate-500 dark:text-slate-400')}>
        {fileName ?? 'Ningún archivo seleccionado'}
      </span>
    </div>
  );
}
