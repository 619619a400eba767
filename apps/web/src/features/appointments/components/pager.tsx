import { ChevronLeft, ChevronRight } from 'lucide-react';
import { appointmentMessages } from '@portal/domain';
import { Button } from '@/components/ui/button';

interface PagerProps {
  page: number;
  pageCount: number;
  /** More than 1,000 appointments match: `pageCount` is a lower bound ('3 de más de 200'). */
  pageCountIsCapped?: boolean;
  hasNextPage: boolean;
  onPage: (page: number) => void;
  busy?: boolean;
}

/** 'Anterior' · '2 de 3' · 'Siguiente' (spec: shown only when there is more than one page). */
export function Pager({ page, pageCount, pageCountIsCapped, hasNextPage, onPage, busy }: PagerProps) {
  if (pageCount <= 1 && !hasNextPage) return null;
  return (
    <nav aria-label="Paginación de citas" className="flex items-center justify-between gap-3 pt-1 sm:justify-center">
      <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {appointmentMessages.previous}
      </Button>
      <span data-testid="appointments-page-indicator" aria-live="polite" className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {page} de {pageCountIsCapped ? `más de ${pageCount}` : pageCount}
      </span>
      <Button variant="secondary" size="sm" disabled={!hasNextPage || busy} onClick={() => onPage(page + 1)}>
        {appointmentMessages.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
