import { ClipboardList, EllipsisVertical, FileCheck2, FileText, RefreshCcw, Send, Upload } from 'lucide-react';
import { canRenewPolicy, hasRole, policyEditorRoles, type PolicySummary } from '@portal/domain';
import { useSession } from '@/features/auth';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { rowActionsFor, type RowAction } from './row-actions';

const icons: Record<RowAction['kind'], typeof Upload> = {
  'upload-documents': Upload,
  'show-results': ClipboardList,
  'change-status': FileText,
  'confirm-signature': FileCheck2,
  renew: RefreshCcw,
};

/** Id of a row's menu button, so focus can come back to it after the signature dialog. */
export function rowMenuTriggerId(policyId: number): string {
  return `policy-actions-${policyId}`;
}

interface PolicyRowMenuProps {
  policy: PolicySummary;
  busy: boolean;
  onAction: (policy: PolicySummary, action: RowAction) => void;
  /** Offer 'Renovar' where the user may renew this policy (the expediente has its own button). */
  offerRenewal?: boolean;
}

/** The row's actions for the signed-in user: the status's, and 'Renovar' where allowed. */
export function useRowActions(policy: PolicySummary, offerRenewal = true): RowAction[] {
  const { user } = useSession();
  const renewable = offerRenewal && user !== null && canRenewPolicy(user.role, policy);
  const actions = rowActionsFor(policy.status, renewable);
  // Those who do not write policies' data (the lawyer, issue 33) only read the investigation's results.
  return hasRole(user?.role, policyEditorRoles) ? actions : actions.filter((action) => action.kind === 'show-results');
}

/** The row's actions by status; a status without actions gets no menu at all. */
export function PolicyRowMenu({ policy, busy, onAction, offerRenewal = true }: PolicyRowMenuProps) {
  const actions = useRowActions(policy, offerRenewal);
  if (busy) return <Spinner label={`Actualizando póliza ${policy.investigationId}`} className="size-9 [&>span]:sr-only" />;
  if (actions.length === 0) {
    return (
      <span className="inline-flex size-9 items-center justify-center text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Sin acciones</span>
      </span>
    );
  }
  return (
    // Not modal: the signature dialog opens from an item, and a modal menu would leave the page
    // inert behind the dialog once both close.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button id={rowMenuTriggerId(policy.id)} variant="ghost" size="icon" aria-label={`Acciones de la póliza ${policy.investigationId}`}>
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {actions.map((action) => {
          const Icon = action.kind === 'change-status' && action.to === 'signature' ? Send : icons[action.kind];
          return (
            <DropdownMenuItem key={action.label} onSelect={() => onAction(policy, action)}>
              <Icon aria-hidden="true" />
              {action.label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
