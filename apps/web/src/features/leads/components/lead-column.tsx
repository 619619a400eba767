import type { ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { leadMessages, type LeadColumn } from '@portal/domain';
import { cn } from '@/lib/cn';
import { textOn } from './column-colors';

interface LeadColumnViewProps {
  column: LeadColumn;
  count: number;
  children: ReactNode;
}

/** One status: a coloured header with its count badge, and its cards (a drop target). */
export function LeadColumnView({ column, count, children }: LeadColumnViewProps) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id, data: { column } });
  const ink = textOn(column.color);
  return (
    <section
      ref={setNodeRef}
      role="region"
      aria-label={column.title}
      data-testid={`lead-column-${column.id}`}
      className={cn(
        'flex min-h-72 w-60 min-w-60 flex-1 shrink-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50 transition-shadow',
        'dark:border-slate-800 dark:bg-slate-900/60',
      )}
      style={isOver ? { boxShadow: `0 0 0 3px ${column.color}` } : undefined}
    >
      <header className="flex items-center gap-2 px-3 py-2.5" style={{ backgroundColor: column.color, color: ink }}>
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{column.title}</h2>
        <span
          data-testid={`lead-column-count-${column.id}`}
          className="inline-flex min-w-6 items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold"
          style={{ backgroundColor: ink === '#ffffff' ? 'rgb(255 255 255 / 0.25)' : 'rgb(15 23 42 / 0.12)' }}
        >
          {count}
          <span className="sr-only">{count === 1 ? ' lead' : ' leads'}</span>
        </span>
      </header>
      <div className="flex flex-1 flex-col gap-2 p-2">
        {count === 0 ? (
          <p
            className={cn(
              'flex flex-1 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 px-3 py-8 text-center text-sm text-slate-500',
              'dark:border-slate-700 dark:text-slate-400',
            )}
          >
            {leadMessages.emptyColumn}
          </p>
        ) : (
          <ul aria-label={`Leads en ${column.title}`} className="flex flex-col gap-2">
            {children}
          </ul>
        )}
      </div>
    </section>
  );
}
