import type { Addendum, AddendumFormValues } from '@portal/domain';

/** The inputs the form shows, by the names the API's 400 `details` use. */
export const addendumFormFields = ['policyId', 'description', 'amount', 'startDate', 'endDate', 'status'] as const;

/** A new addendum: nothing chosen yet, status pending (spec section 4). */
export function newAddendumFormValues(): AddendumFormValues {
  return { policyId: '', description: '', amount: '', startDate: '', endDate: '', status: 'pending' };
}

/** A date input wants `yyyy-MM-dd`; tolerate a full ISO instant. */
const asDay = (value: string) => value.slice(0, 10);

/** A stored addendum as the form edits it: inputs hold text, pesos always with their centavos. */
export function addendumToFormValues(addendum: Addendum): AddendumFormValues {
  return {
    policyId: String(addendum.policyId),
    description: addendum.description,
    amount: addendum.amount.toFixed(2),
    startDate: asDay(addendum.startDate),
    endDate: asDay(addendum.endDate),
    status: addendum.status,
  };
}
