import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Plus, RotateCw, Settings2 } from 'lucide-react';
import { adminRoles, hasRole, leadMatches, leadMessages, type Lead } from '@portal/domain';
import { useSession } from '@/features/auth';
import { isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-state';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteLead, useLeadOwners } from '../api';
import { BoardBranchContext } from '../components/board-branch';
import { BoardFilters, BranchChooser, hasLeadFilters, leadPassesFilters, noLeadFilters, type LeadFilters } from '../components/board-filters';
import { ColumnsDialog } from '../columns/columns-dialog';
import { leadCountText } from '../components/lead-format';
import { LeadsBoard } from '../components/leads-board';
import { useCanConfigureLeadColumns } from '../components/use-can-configure-columns';
import { useLeadBoard } from '../components/use-lead-board';
import { LeadDialog } from '../form/lead-dialog';

/**
 * /leads: the branch's leads board. Admins choose the branch (issue 20): every call of the board
 * below then names it, through BoardBranchContext.
 */
export function LeadsPage() {
  usePageTitle('Leads');
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  // An admin without a branch of their own must choose one: the first branch until they do.
  const branchId = isAdmin ? chosen : undefined;
  return (
    <BoardBranchContext.Provider value={branchId}>
      {/* A new key per branch: the search, filters and dialogs start afresh on another board. */}
      <LeadsScreen key={branchId ?? 'own'} branchChooser={isAdmin ? <BranchChooser value={chosen ?? user?.branchId ?? undefined} onChange={setChosen} /> : null} />
    </BoardBranchContext.Provider>
  );
}

function LeadsScreen({ branchChooser }: { branchChooser: ReactNode }) {
  const { user } = useSession();
  const board = useLeadBoard();
  const owners = useLeadOwners();
  const [filters, setFilters] = useState<LeadFilters>(noLeadFilters);
  const canConfigure = useCanConfigureLeadColumns();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; lead: Lead | null }>({ open: false, lead: null });
  const [configuring, setConfiguring] = useState(false);
  const remove = useLeadRemoval();
  const edit = useCallback((lead: Lead) => setEditing({ open: true, lead }), []);

  const visible = useMemo(
    () => (board.leads ?? []).filter((lead) => leadMatches(lead, search) && leadPassesFilters(lead, filters, user?.id)),
    [board.leads, search, filters, user?.id],
  );
  const total = board.leads?.length ?? 0;
  const narrowed = search.trim() !== '' || hasLeadFilters(filters);
  const refreshing = board.isFetching && !board.isPending;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Leads"
        description={board.leads ? leadCountText(narrowed ? visible.length : total, total) : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => void board.refetch()} disabled={refreshing} aria-busy={refreshing || undefined}>
              <RotateCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
              Actualizar
            </Button>
            {canConfigure ? (
              <Button variant="secondary" onClick={() => setConfiguring(true)} disabled={!board.columns}>
                <Settings2 aria-hidden="true" />
                {leadMessages.configureTitle}
              </Button>
            ) : null}
            <Button onClick={() => setEditing({ open: true, lead: null })}>
              <Plus aria-hidden="true" />
              {leadMessages.newButton}
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        {branchChooser}
        <div className="min-w-60 flex-1">
          <SearchInput value={search} onChange={setSearch} placeholder={leadMessages.search} />
        </div>
      </div>
      <BoardFilters filters={filters} onChange={setFilters} owners={owners.data} />
      {board.leads && narrowed && visible.length === 0 && total > 0 ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          <span>{leadMessages.noMatch}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSearch('');
              setFilters(noLeadFilters);
            }}
          >
            Limpiar búsqueda y filtros
          </Button>
        </div>
      ) : null}

      {board.isPending ? (
        <Spinner label="Cargando leads..." className="py-16" />
      ) : board.error || !board.leads || !board.columns ? (
        <QueryError query={board} title={leadMessages.loadError} />
      ) : (
        <LeadsBoard
          columns={board.columns}
          leads={visible}
          onEdit={edit}
          onDelete={remove.ask}
        />
      )}

      <LeadDialog open={editing.open} lead={editing.lead} onOpenChange={(open) => setEditing((current) => ({ ...current, open }))} />
      {canConfigure && board.columns ? (
        <ColumnsDialog open={configuring} onOpenChange={setConfiguring} columns={board.columns} leads={board.leads ?? []} />
      ) : null}
      <ConfirmDialog
        open={remove.confirming !== null}
        onOpenChange={(open) => (open ? undefined : remove.cancel())}
        title={leadMessages.deleteConfirm}
        description={remove.confirming ? `${remove.confirming.name.trim() || leadMessages.noName} se eliminará del tablero.` : ''}
        confirmLabel="Eliminar"
        tone="danger"
        busy={remove.busy}
        onConfirm={remove.confirm}
      />
    </div>
  );
}

/** Delete asks '¿Estás seguro de eliminar este lead?' first, then toasts how it went. */
function useLeadRemoval() {
  const mutation = useDeleteLead();
  const [confirming, setConfirming] = useState<Lead | null>(null);
  return {
    confirming,
    busy: mutation.isPending,
    ask: setConfirming,
    cancel: () => setConfirming(null),
    confirm: () => {
      if (!confirming) return;
      mutation.mutate(confirming, {
        onSuccess: () => {
          setConfirming(null);
          notify.success(leadMessages.deleted, leadMessages.deletedDescription);
        },
        onError: (error) => {
          setConfirming(null);
          if (!isSessionExpired(error)) notify.error(leadMessages.errorTitle, leadMessages.deleteError);
        },
      });
    },
  };
}
