import { useId } from 'react';
import type { Addendum } from '@portal/domain';
import { useMediaQuery } from '@/lib/use-media-query';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { AddendumCardList } from './addendum-card-list';
import { emptyCell, formatAmount, formatPeriod } from './addendum-format';
import { AddendumStatusBadge } from './addendum-status-badge';
import { AddendumDownloadButton } from './addendum-download-button';
import { EditLink } from './edit-link';
import { PolicyFileLink } from './policy-file-link';

/** Tables from Tailwind's `md` up; below it, one card per addendum. */
const tableMediaQuery = '(min-width: 768px)';

const columns = ['Póliza', 'Descripción', 'Monto', 'Vigencia', 'Estado', 'Acciones'] as const;

/** The addendum list's table (/addendums); cards on phones. */
export function AddendumListTable({ rows }: { rows: Addendum[] }) {
  const wide = useMediaQuery(tableMediaQuery);
  if (!wide) return <AddendumCardList rows={rows} />;
  return (
    <Table label="Addendums">
      <TableHead>
        <tr>
          {columns.map((column) => (
            <Th key={column} className={column === 'Monto' ? 'text-right' : undefined}>
              {column}
            </Th>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((addendum) => (
          <AddendumRow key={addendum.id} addendum={addendum} />
        ))}
      </TableBody>
    </Table>
  );
}

function AddendumRow({ addendum }: { addendum: Addendum }) {
  // The policy cell describes the row's buttons: 'Editar' and 'Descargar' of which addendum.
  const policyId = useId();
  return (
    <Tr data-testid={`addendum-row-${addendum.id}`}>
      <Td id={policyId} className="min-w-40">
        <span className="block font-medium whitespace-nowrap text-slate-900 dark:text-white">
          <PolicyFileLink addendum={addendum} />
        </span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{addendum.clientName || emptyCell}</span>
      </Td>
      <Td className="max-w-md min-w-52">
        <span className="line-clamp-2 break-words" title={addendum.description}>
          {addendum.description}
        </span>
      </Td>
      <Td className="text-right whitespace-nowrap tabular-nums">{formatAmount(addendum.amount)}</Td>
      <Td className="whitespace-nowrap">{formatPeriod(addendum.startDate, addendum.endDate)}</Td>
      <Td>
        <AddendumStatusBadge status={addendum.status} />
      </Td>
      <Td className="py-2">
        <div className="flex gap-1">
          <EditLink addendum={addendum} describedBy={policyId} />
          <AddendumDownloadButton addendum={addendum} describedBy={policyId} />
        </div>
      </Td>
    </Tr>
  );
}
