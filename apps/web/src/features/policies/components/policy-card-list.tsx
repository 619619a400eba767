import { useId, type ReactNode } from 'react';
import { policyTypeLabels, type PolicySummary } from '@portal/domain';
import { DetailList } from '@/components/ui/detail-list';
import { PolicyStatusBadge } from './policy-status-badge';
import { PolicyFolioLink, useOpenOnRowClick } from './policy-row-link';

/**
 * Tables from Tailwind's `lg` (1024 px) up, where they fit without sideways scrolling; below it
 * (phones, tablets, a narrow window) the policy screens show one card per policy.
 */
export const tableMediaQuery = '(min-width: 1024px)';

/** One labelled value on a policy's card. */
export interface CardDetail {
  label: string;
  value: ReactNode;
  wide?: boolean;
}

interface PolicyCardListProps {
  rows: PolicySummary[];
  /** The list's accessible name (the table's caption on wide screens). */
  label: string;
  /** Label/value pairs below the status, in the order of the screen's columns. */
  details: (policy: PolicySummary) => CardDetail[];
  /** The row's action: the edit link (list) or the row menu (tracking). */
  actions: (policy: PolicySummary) => ReactNode;
}

/**
 * Phones and tablets get one card per policy instead of a table that shows only the folio:
 * folio (the link into the expediente) and policy number, the action, the status and type, then
 * the columns as a list. A click anywhere on the card opens the policy too.
 */
export function PolicyCardList({ rows, label, details, actions }: PolicyCardListProps) {
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((policy) => (
        <PolicyCard key={policy.id} policy={policy} details={details(policy)} actions={actions(policy)} />
      ))}
    </ul>
  );
}

function PolicyCard({
  policy,
  details,
  actions,
}: {
  policy: PolicySummary;
  details: ReturnType<PolicyCardListProps['details']>;
  actions: ReactNode;
}) {
  const headingId = useId();
  const open = useOpenOnRowClick(policy);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        onClick={open}
        className="cursor-pointer rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-sm font-semibold break-all text-slate-900 dark:text-white">
              {policy.investigationId ? <PolicyFolioLink policy={policy} /> : 'Sin folio'}
            </h2>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {policy.policyNumber ? `Póliza ${policy.policyNumber}` : 'Sin folio de póliza'}
            </p>
          </div>
          <div className="shrink-0">{actions}</div>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <PolicyStatusBadge status={policy.status} />
          <span>{policyTypeLabels[policy.policyType] ?? policy.policyType}</span>
        </div>
        <DetailList className="mt-3" items={details} />
      </article>
    </li>
  );
}
