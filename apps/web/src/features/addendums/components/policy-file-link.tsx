import { Link } from 'react-router';
import type { Addendum } from '@portal/domain';
import { paths } from '@/lib/paths';
import { emptyCell } from './addendum-format';

/** The addendum's policy number, as a link to the policy's expediente (issue 14). */
export function PolicyFileLink({ addendum }: { addendum: Pick<Addendum, 'policyId' | 'policyNumber'> }) {
  return (
    <Link
      to={paths.policies.detail.to(addendum.policyId)}
      title="Ver expediente de la póliza"
      className="rounded-sm text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
    >
      {addendum.policyNumber || emptyCell}
    </Link>
  );
}
