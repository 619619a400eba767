import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table inside a bordered box that scrolls sideways on small screens. The box is a named,
 * focusable region so keyboard users can scroll it too.
 */
export function Table({ label, className, children, ...props }: ComponentProps<'table'> & { label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900"
    >
      <table className={cn('w-full min-w-[60rem] border-collapse text-left text-sm', className)} {...props}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-slate-50 dark:bg-slate-800/60', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100 dark:divide-slate-800', className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-300', className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-top text-slate-700 dark:text-slate-200', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-slate-50/70 dark:hover:bg-slate-800/40', className)} {...props} />;
}
