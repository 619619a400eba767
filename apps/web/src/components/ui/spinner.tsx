import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinning indicator; with a label it is announced to screen readers as a status. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-3 text-slate-500 dark:text-slate-400', className)}>
      <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-600 dark:text-brand-400" />
      <span className={label ? 'text-sm' : 'sr-only'}>{label ?? 'Cargando...'}</span>
    </div>
  );
}
