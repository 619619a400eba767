import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import type { Addendum } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-panels';
import { AddendumStatusBadge, formatAmount, formatPeriod } from '@/features/addendums';
import { FileSection } from './file-section';

function AddendumLine({ addendum }: { addendum: Addendum }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <div className="min-w-0 flex-1 basis-60">
        <p className="text-sm font-medium break-words text-slate-900 dark:text-white">{addendum.description}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {formatAmount(addendum.amount)} · Vigencia {formatPeriod(addendum.startDate, addendum.endDate)}
        </p>
      </div>
      <AddendumStatusBadge status={addendum.status} />
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.addendums.edit.to(addendum.id)} aria-label={`Editar addendum «${addendum.description}»`}>
          <Pencil aria-hidden="true" />
          Editar
        </Link>
      </Button>
    </li>
  );
}

/** 'Addendums' of this policy, newest first, each to its edit screen. */
export function AddendumsSection({ addendums }: { addendums: Addendum[] | undefined }) {
  return (
    <FileSection id="addendums" title="Addendums" className="print:hidden">
      {addendums === undefined ? null : addendums.length === 0 ? (
        <EmptyState title="Esta póliza no tiene addendums" description="Los addendums se agregan a una póliza activa desde Addendums." />
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {addendums.map((addendum) => (
              <AddendumLine key={addendum.id} addendum={addendum} />
            ))}
          </ul>
        </Card>
      )}
    </FileSection>
  );
}
