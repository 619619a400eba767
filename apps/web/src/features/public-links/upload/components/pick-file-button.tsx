import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface PickFileButtonProps {
  /** The input's accessible name ('Elegir archivo: Comprobantes de ingresos, archivo 2 de 3'). */
  label: string;
  accept: string;
  /** 'environment' opens the phone's back camera straight away. */
  capture?: 'environment';
  disabled: boolean;
  primary?: boolean;
  icon: ReactNode;
  children: ReactNode;
  onPick: (file: File) => void;
}

/**
 * A file input shown as a big, thumb-sized button: the real input stays in the page, focusable
 * and labelled (keyboards, screen readers and tests use it as the native control), with a new
 * value each time, so the same file can be picked again after a failure.
 */
export function PickFileButton({ label, accept, capture, disabled, primary, icon, children, onPick }: PickFileButtonProps) {
  const inputId = useId();
  return (
    <div className="flex-1">
      <input
        id={inputId}
        type="file"
        accept={accept}
        capture={capture}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        aria-hidden="true"
        className={cn(
          'inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium shadow-sm [&_svg]:size-5',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:pointer-events-none peer-disabled:opacity-60',
          primary
            ? 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800'
            : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
        )}
      >
        {icon}
        {children}
      </label>
    </div>
  );
}
