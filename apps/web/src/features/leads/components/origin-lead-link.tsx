import { Link } from 'react-router';
import { Target } from 'lucide-react';
import { leadMessages } from '@portal/domain';
import { paths } from '@/lib/paths';
import { useLeadOfPolicy } from '../api';
import { displayPhone, leadDisplayName } from './lead-format';

/**
 * The expediente's 'Lead de origen' (issue 20): the lead a policy was converted from, linking the
 * leads board. Nothing shows while loading, or when the policy came from no lead (null).
 */
export function OriginLeadLink({ policyId }: { policyId: number }) {
  const lead = useLeadOfPolicy(policyId);
  if (!lead.data) return null;
  const phone = displayPhone(lead.data.phone);
  return (
    <p data-testid="origin-lead" className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
      <Target aria-hidden="true" className="size-4 text-brand-600" />
      <span className="font-medium">{leadMessages.originLead}:</span>
      <Link to={paths.leads.to()} className="text-brand-700 hover:underline dark:text-brand-300">
        {leadDisplayName(lead.data)}
      </Link>
      {phone ? <span className="text-slate-500 dark:text-slate-400">· {phone}</span> : null}
      {lead.data.source ? <span className="text-slate-500 dark:text-slate-400">· Fuente: {lead.data.source}</span> : null}
    </p>
  );
}
