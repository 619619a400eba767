import { useId } from 'react';
import { whatsappMessages as texts, whatsappStatusLabels, type WhatsappMessage, type WhatsappMessageStatus } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLeadMessages } from '../api';

const statusTones: Record<WhatsappMessageStatus, 'success' | 'neutral' | 'danger' | 'brand'> = {
  sent: 'success',
  queued: 'neutral',
  failed: 'danger',
  received: 'brand',
};

/** The lead's messages, newest first: status, when, who, the text, and the gateway's answer when it refused. */
export function WhatsappLog({ leadId }: { leadId: number }) {
  const log = useLeadMessages(leadId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {texts.logTitle}
      </h3>
      {log.isPending ? (
        <Spinner label="Cargando mensajes..." className="py-4" />
      ) : log.isError ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50/60 p-3 text-sm dark:border-red-900 dark:bg-red-950/30">
          <p className="font-medium">{texts.logError}</p>
          <p className="text-slate-600 dark:text-slate-400">{errorMessage(log.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
            Reintentar
          </Button>
        </div>
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{texts.logEmpty}</p>
      ) : (
        <ol className="max-h-64 space-y-2 overflow-y-auto">
          {log.data.map((message) => (
            <LogEntry key={message.id} message={message} />
          ))}
        </ol>
      )}
    </section>
  );
}

function LogEntry({ message }: { message: WhatsappMessage }) {
  const showAnswer = message.gatewayResponse !== '' && message.status !== 'sent';
  return (
    <li className="rounded-lg border border-slate-200 p-2.5 text-sm dark:border-slate-700" data-testid={`whatsapp-message-${message.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <Badge tone={statusTones[message.status]}>{whatsappStatusLabels[message.status]}</Badge>
        <time dateTime={message.sentAt ?? message.createdAt}>{formatDateTime(message.sentAt ?? message.createdAt)}</time>
        {message.sentByName ? <span>· {message.sentByName}</span> : null}
      </div>
      <p className="mt-1.5 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">{message.body}</p>
      {showAnswer ? (
        <p className="mt-1.5 rounded bg-slate-50 p-1.5 font-mono text-xs break-all text-red-700 dark:bg-slate-800 dark:text-red-300">
          <span className="font-sans font-medium">{texts.gatewayAnswer}: </span>
          {message.gatewayResponse}
        </p>
      ) : null}
    </li>
  );
}
