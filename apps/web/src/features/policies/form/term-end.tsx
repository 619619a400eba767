import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { maxTermMonths, minTermMonths, policyEndDate, policyLabels, type PolicyFormValues } from '@portal/domain';
import { formatLongDate } from '@/lib/dates';

/** The term's months as typed, when they make a valid term (the field shows its own error otherwise). */
function validMonths(value: unknown): number | null {
  const months = Number(value);
  return Number.isInteger(months) && months >= minTermMonths && months <= maxTermMonths ? months : null;
}

/**
 * Fin de vigencia, read-only: what the server will compute from the contract start and the term
 * (the same domain function), updated as they are typed.
 */
export function TermEnd() {
  const [start, months] = useWatch<PolicyFormValues, ['property.rent.contractStartDate', 'termMonths']>({
    name: ['property.rent.contractStartDate', 'termMonths'],
  });
  const id = useId();
  const term = validMonths(months);
  const end = start && term !== null && /^\d{4}-\d{2}-\d{2}$/.test(start) ? policyEndDate(start, term) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {policyLabels.endDate}
      </span>
      <output aria-labelledby={id} className="flex min-h-10 items-center text-sm text-slate-900 dark:text-slate-100">
        {end ? formatLongDate(end) : 'Se calcula con el inicio del contrato y la vigencia'}
      </output>
    </div>
  );
}
