import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Label/value pairs of a card, in two columns (a wide item takes the whole row). */
export function DetailList({ items, className }: { items: Array<{ label: string; value: ReactNode; wide?: boolean }>; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-3 text-sm', className)}>
      {items.map((item) => (
        <div key={item.label} className={cn('min-w-0', item.wide && 'col-span-2')}>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
