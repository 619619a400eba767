import { useCallback } from 'react';
import { columnOfLead, leadMessages, type Lead, type LeadColumn } from '@portal/domain';
import { isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useMoveLead } from '../api';

/**
 * Moves a lead to a column: nothing when it is already there (spec), else the card moves at
 * once, and the spec's toasts tell how it went (a refused move puts the card back).
 * Resolves true when the server took the move. Stable while the columns are the same.
 */
export function useLeadMove(columns: readonly LeadColumn[]) {
  const { mutateAsync } = useMoveLead();
  return useCallback(
    async (lead: Lead, columnId: string): Promise<boolean> => {
      const column = columns.find((item) => item.id === columnId);
      if (!column || columnOfLead(lead, columns) === columnId) return false;
      try {
        // mutateAsync, not mutate: each of several quick moves gets its own toast.
        await mutateAsync({ lead, status: column.id });
      } catch (error) {
        if (!isSessionExpired(error)) notify.error(leadMessages.errorTitle, leadMessages.statusError);
        return false;
      }
      notify.success(leadMessages.statusUpdated, leadMessages.movedTo(column.title));
      return true;
    },
    [columns, mutateAsync],
  );
}
