import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A native <label> (the login screen stays free of the dialog library's chunk). Pair it with
 * its control through htmlFor/id.
 */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-slate-700 dark:text-slate-300', className)} {...props} />;
}
