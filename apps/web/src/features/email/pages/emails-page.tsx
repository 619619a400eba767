import { useState } from 'react';
import { Mail, RotateCw, TriangleAlert } from 'lucide-react';
import {
  emailMessages as messages,
  emailStatusLabels,
  emailStatuses,
  emailKindLabel,
  type EmailStatus,
  type OutboxEmail,
} from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { Label } from '@/components/ui/label';
import { LoadMore } from '@/components/ui/load-more';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/state-panels';
import { useEmails, useRetryEmail } from '../api';

const statusTones: Record<EmailStatus, 'neutral' | 'success' | 'danger'> = { queued: 'neutral', sent: 'success', failed: 'danger' };

/** /admin/emails: every e-mail the portal wrote (the outbox), its delivery and a retry for failed ones. */
export function EmailsPage() {
  usePageTitle(messages.pageTitle);
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const emails = useEmails(status || undefined);
  const items = emails.data?.pages.flatMap((page) => page.items) ?? [];
  const smtpConfigured = emails.data?.pages[0]?.smtpConfigured ?? true;

  return (
    <div className="space-y-6">
      <PageHeader title={messages.pageTitle} description="Los correos que envía el portal: en cola, enviados y fallidos, con sus intentos." />
      {!smtpConfigured ? (
        <div role="note" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{messages.notConfigured}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor="email-status">Estatus</Label>
        <Select id="email-status" className="w-48" value={status} onChange={(event) => setStatus(event.target.value as EmailStatus | '')}>
          <option value="">Todos</option>
          {emailStatuses.map((value) => (
            <option key={value} value={value}>
              {emailStatusLabels[value]}
            </option>
          ))}
        </Select>
      </div>

      <QueryState
        query={emails}
        loading="Cargando correos..."
        errorTitle={messages.loadError}
        isEmpty={() => items.length === 0}
        empty={<EmptyState title={messages.empty} description={status ? `Ningún correo con estatus «${emailStatusLabels[status]}».` : 'El portal aún no ha escrito correos.'} />}
      >
        {() => (
          <>
            <ul className="space-y-3">
              {items.map((email) => (
                <EmailCard key={email.id} email={email} />
              ))}
            </ul>
            <LoadMore query={emails} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function EmailCard({ email }: { email: OutboxEmail }) {
  const retry = useRetryEmail();
  const titleId = `email-${email.id}-subject`;
  return (
    <li>
      <Card className="space-y-3 p-4" role="article" aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p id={titleId} className="font-medium break-words text-slate-900 dark:text-white">
              <Mail aria-hidden="true" className="mr-1.5 inline size-4 text-slate-400" />
              {email.subject}
            </p>
            <p className="text-sm break-all text-slate-600 dark:text-slate-400">{email.recipient}</p>
          </div>
          <Badge tone={statusTones[email.status]}>{emailStatusLabels[email.status]}</Badge>
        </div>
        <DetailList
          items={[
            { label: 'Tipo', value: emailKindLabel(email.kind) },
            { label: 'Intentos', value: String(email.attempts) },
            { label: 'Creado', value: formatDateTime(email.createdAt) },
            ...(email.status === 'sent' ? [{ label: 'Enviado', value: formatDateTime(email.sentAt) }] : []),
            ...(email.status === 'queued' ? [{ label: 'Próximo intento', value: formatDateTime(email.nextAttemptAt) }] : []),
            ...(email.attachmentNames.length > 0 ? [{ label: 'Adjuntos', value: email.attachmentNames.join(', ') }] : []),
            ...(email.lastError ? [{ label: 'Último error', value: <span className="break-words">{email.lastError}</span>, wide: true }] : []),
          ]}
        />
        {email.status === 'failed' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={retry.isPending}
            aria-label={`${messages.retry}: ${email.subject} a ${email.recipient}`}
            onClick={() =>
              retry.mutate(email.id, {
                onSuccess: () => notify.success(messages.retried),
                onError: (error) => notify.error(messages.retryError, errorMessage(error)),
              })
            }
          >
            <RotateCw aria-hidden="true" className={retry.isPending ? 'animate-spin' : undefined} />
            {messages.retry}
          </Button>
        ) : null}
      </Card>
    </li>
  );
}
