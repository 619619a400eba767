import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PolicySummary } from '@portal/domain';
import { paths } from '@/lib/paths';
import { emptyCell } from './policy-format';

/**
 * The folio as the link into the policy's expediente: what the keyboard (Tab, Enter) and screen
 * readers use. The rest of the row opens it too, for the mouse (useOpenOnRowClick).
 */
export function PolicyFolioLink({ policy }: { policy: PolicySummary }) {
  return (
    <Link
      to={paths.policies.detail.to(policy.id)}
      className="font-medium text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-white dark:hover:text-brand-300"
    >
      {policy.investigationId || emptyCell}
    </Link>
  );
}

/**
 * A click anywhere on a row (or card) opens the policy, as its folio link does — except on the
 * row's own controls (the edit link, the row menu and its items, which React bubbles up from
 * their portal) and when the click ended a text selection (copying a name).
 */
export function useOpenOnRowClick(policy: PolicySummary) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target) || target.closest('a, button, [role="menuitem"], input, select')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(paths.policies.detail.to(policy.id));
  };
}
