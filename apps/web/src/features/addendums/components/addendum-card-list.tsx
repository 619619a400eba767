import { useId } from 'react';
import type { Addendum } from '@portal/domain';
import { DetailList } from '@/components/ui/detail-list';
import { emptyCell, formatAmount, formatPeriod } from './addendum-format';
import { AddendumStatusBadge } from './addendum-status-badge';
import { AddendumDownloadButton } from './addendum-download-button';
import { EditLink } from './edit-link';
import { PolicyFileLink } from './policy-file-link';

/** Phones: one card per addendum, headed by its policy, with the columns as labelled values. */
export function AddendumCardList({ rows }: { rows: Addendum[] }) {
  return (
    <ul aria-label="Addendums" className="space-y-3">
      {rows.map((addendum) => (
        <AddendumCard key={addendum.id} addendum={addendum} />
      ))}
    </ul>
  );
}

function AddendumCard({ addendum }: { addendum: Addendum }) {
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid={`addendum-card-${addendum.id}`}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-sm font-semibold break-all text-slate-900 dark:text-white">
              <PolicyFileLink addendum={addendum} />
            </h2>
            <p className="text-xs text-slate-500 dark:text-slate-400">{addendum.clientName || emptyCell}</p>
          </div>
          <AddendumStatusBadge status={addendum.status} />
        </div>
        <DetailList
          className="mt-3"
          items={[
            { label: 'Descripción', value: addendum.description, wide: true },
            { label: 'Monto', value: formatAmount(addendum.amount) },
            { label: 'Vigencia', value: formatPeriod(addendum.startDate, addendum.endDate) },
          ]}
        />
        <div className="mt-3 flex gap-2">
          <EditLink addendum={addendum} describedBy={headingId} />
          <AddendumDownloadButton addendum={addendum} describedBy={headingId} />
        </div>
      </article>
    </li>
  );
}
