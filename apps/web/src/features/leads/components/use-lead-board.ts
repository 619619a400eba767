import { leadMessages, type Lead, type LeadColumn } from '@portal/domain';
import { useErrorToast } from '@/lib/use-error-toast';
import { useLeadColumns, useLeads } from '../api';

export interface LeadBoardState {
  leads: Lead[] | undefined;
  columns: LeadColumn[] | undefined;
  /** Nothing to show yet (no columns, or no leads). */
  isPending: boolean;
  /** Why the board cannot be shown, if it cannot. */
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

/**
 * The board needs both its leads and its columns (the stored copy of the columns stands in while
 * the server answers). A failure of either toasts the spec's 'Error' / 'No se pudieron cargar los
 * leads'; what was already loaded stays on screen after a failed refresh.
 */
export function useLeadBoard(): LeadBoardState {
  const leads = useLeads();
  const columns = useLeadColumns();
  const failed = leads.error ?? columns.error;
  useErrorToast(failed, Math.max(leads.errorUpdatedAt, columns.errorUpdatedAt), leadMessages.errorTitle, leadMessages.loadError);

  const missing = leads.data === undefined || columns.data === undefined;
  return {
    leads: leads.data,
    columns: columns.data,
    isPending: missing && (leads.isPending || columns.isPending),
    error: missing ? failed : null,
    isFetching: leads.isFetching || columns.isFetching,
    refetch: async () => {
      await Promise.all([leads.refetch(), columns.refetch()]);
    },
  };
}
