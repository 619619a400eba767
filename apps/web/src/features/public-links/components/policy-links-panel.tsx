import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { hasRole, policyEditorRoles, type IssuedLink, type PolicyLinks, type PublicLink } from '@portal/domain';
import { useSession } from '@/features/auth';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useCreateLink, usePolicyLinks, useResendLink, useRevokeLink } from '../api';
import { IssuedLinkDialog } from './issued-link-dialog';
import { LinkFormDialog, type LinkFormRequest, type LinkFormValues } from './link-form-dialog';
import { LinkList } from './link-list';
import { linkTexts, partyLabel } from './link-texts';

interface PolicyLinksPanelProps {
  policyId: number;
  folio: string;
  /** Whether the investigation still takes documents (new upload links only then); the server checks too. */
  uploadOpen?: boolean;
}

/**
 * A policy's links to its people (issue 17): the expediente's 'Enlaces' and the upload screen.
 * Staff make a link per person, see whether it was opened or finished, send it again (a new URL)
 * or revoke it.
 */
export function PolicyLinksPanel({ policyId, folio, uploadOpen = true }: PolicyLinksPanelProps) {
  const links = usePolicyLinks(policyId);
  return (
    <QueryState query={links} loading={linkTexts.loading} loadingClassName="py-10" errorTitle={linkTexts.loadError}>
      {(data) => <PanelContent policyId={policyId} folio={folio} uploadOpen={uploadOpen} data={data} />}
    </QueryState>
  );
}

function PanelContent({ policyId, folio, uploadOpen, data }: Required<PolicyLinksPanelProps> & { data: PolicyLinks }) {
  const [request, setRequest] = useState<LinkFormRequest | null>(null);
  const [issued, setIssued] = useState<{ link: IssuedLink; emailed: boolean } | null>(null);
  const [revoking, setRevoking] = useState<PublicLink | null>(null);
  const create = useCreateLink(policyId);
  const resend = useResendLink(policyId);
  const revoke = useRevokeLink(policyId);
  // Links are sent by those who write the policy's data; every role may revoke one (issue 33).
  const sends = hasRole(useSession().user?.role, policyEditorRoles);

  const submit = async (values: LinkFormValues) => {
    const body = { expiresInDays: values.expiresInDays, sendEmail: values.sendEmail };
    const answer =
      request?.mode === 'resend'
        ? await resend.mutateAsync({ linkId: request.linkId, ...body })
        : await create.mutateAsync({ party: values.recipient!.party, partyIndex: values.recipient!.partyIndex, ...body });
    setRequest(null);
    setIssued({ link: answer, emailed: values.sendEmail });
    return answer;
  };

  const askResend = (link: PublicLink) => {
    const current = data.recipients.find((each) => each.party === link.party && each.partyIndex === link.partyIndex && each.name === link.partyName);
    const count = data.recipients.filter((each) => each.party === link.party).length;
    // A signing link goes to the address it was made for, the signer's (the server's rule too).
    const signing = link.purpose === 'sign';
    setRequest({ mode: 'resend', linkId: link.id, person: `${partyLabel(link.party, link.partyIndex, count)}: ${link.partyName}`, email: signing ? link.email : (current?.email ?? link.email), signing });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        notify.success(linkTexts.revoked);
      },
      onError: (error) => {
        setRevoking(null);
        if (!isSessionExpired(error)) notify.error(linkTexts.revokeFailed, errorMessage(error));
      },
    });
  };

  const canCreate = uploadOpen && data.recipients.length > 0;
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">{uploadOpen ? linkTexts.intro : linkTexts.closed}</p>
        {sends ? (
          <Button size="sm" onClick={() => setRequest({ mode: 'create', recipients: data.recipients })} disabled={!canCreate} className="self-start">
            <Link2 aria-hidden="true" />
            {linkTexts.newLink}
          </Button>
        ) : null}
      </div>
      {data.links.length === 0 ? (
        <EmptyState title={linkTexts.empty} description={uploadOpen ? linkTexts.emptyHint : undefined} />
      ) : (
        <LinkList folio={folio} links={data.links} recipients={data.recipients} onResend={sends ? askResend : undefined} onRevoke={setRevoking} />
      )}
      <LinkFormDialog request={request} busy={create.isPending || resend.isPending} onClose={() => setRequest(null)} onSubmit={submit} />
      <IssuedLinkDialog issued={issued?.link ?? null} emailed={issued?.emailed ?? false} onClose={() => setIssued(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open || revoke.isPending ? undefined : setRevoking(null))}
        title={linkTexts.revokeTitle}
        description={linkTexts.revokeDescription}
        confirmLabel={linkTexts.revoke}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
