import { memo } from 'react';
import { ArrowRightLeft } from 'lucide-react';
import type { Lead, LeadColumn } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

interface LeadMoveMenuProps {
  lead: Lead;
  name: string;
  columns: readonly LeadColumn[];
  currentColumn: string | undefined;
  onMove: (lead: Lead, columnId: string) => void;
}

/** 'Mover a…': the other statuses as a menu, for whoever would rather not drag. */
export const LeadMoveMenu = memo(function LeadMoveMenu({ lead, name, columns, currentColumn, onMove }: LeadMoveMenuProps) {
  const others = columns.filter((column) => column.id !== currentColumn);
  if (others.length === 0) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Mover lead ${name}`} title="Mover a…">
          <ArrowRightLeft aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <p className="px-3 pt-1.5 pb-1 text-xs font-medium text-slate-500 dark:text-slate-400">Mover a…</p>
        {others.map((column) => (
          <DropdownMenuItem key={column.id} onSelect={() => onMove(lead, column.id)}>
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: column.color }} />
            {column.title}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
