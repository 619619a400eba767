import { useId, useState } from 'react';
import { adminRoles, hasRole, managerRoles } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { useBranches } from '@/features/branches';
import { useLeadCaptureSettings } from '../api';
import { captureTexts as texts } from '../components/capture-texts';
import { OriginsCard } from '../components/origins-card';
import { WebFormCard } from '../components/web-form-card';
import { WhatsappWebhookCard } from '../components/whatsapp-webhook-card';

/**
 * /lead-capture: how leads reach a branch by themselves (issue 20). Managers set up their own
 * branch; admins choose the branch. The server checks both again.
 */
export function LeadCapturePage() {
  usePageTitle(texts.title);
  const { user } = useSession();
  const [chosenBranch, setChosenBranch] = useState<number | null>(user?.branchId ?? null);
  const isAdmin = hasRole(user?.role, adminRoles);
  const allowed = hasRole(user?.role, managerRoles);
  const branchId = isAdmin ? chosenBranch : (user?.branchId ?? null);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={texts.title} description={texts.description} />
      {!allowed ? <EmptyState title={texts.onlyManagers} /> : null}
      {allowed && isAdmin ? <BranchChooser value={chosenBranch} onChange={setChosenBranch} /> : null}
      {allowed && branchId === null ? <EmptyState title={texts.noBranch} /> : null}
      {/* Another branch starts its cards afresh: no key or unsaved origins carried over. */}
      {allowed && branchId !== null ? <BranchCapture key={branchId} branchId={branchId} /> : null}
    </div>
  );
}

function BranchChooser({ value, onChange }: { value: number | null; onChange: (branchId: number) => void }) {
  const id = useId();
  const branches = useBranches();
  return (
    <div className="max-w-sm space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {texts.branch}
      </label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))} disabled={!branches.isSuccess}>
        {value === null ? <option value="">—</option> : null}
        {(branches.data ?? []).map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function BranchCapture({ branchId }: { branchId: number }) {
  const settings = useLeadCaptureSettings(branchId);
  return (
    <QueryState query={settings} loading={texts.loading} errorTitle={texts.loadError}>
      {(settings) => (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <WebFormCard settings={settings} />
          <div className="min-w-0 space-y-4">
            <OriginsCard settings={settings} />
            <WhatsappWebhookCard settings={settings} />
          </div>
        </div>
      )}
    </QueryState>
  );
}
