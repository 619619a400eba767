import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Check, CheckCheck, RotateCw } from 'lucide-react';
import { notificationMessages as messages, type Notification, type NotificationList } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api';

/** Where a notification leads: its policy's expediente, else the appointments. */
function notificationLink(notification: Notification): string | null {
  if (notification.policyId !== null) return paths.policies.detail.to(notification.policyId);
  if (notification.appointmentId !== null) return paths.appointments.to();
  // Issue 20 (leads pipeline): a follow-up notice opens the leads board.
  if (notification.leadId !== null) return paths.leads.to();
  return null;
}

/** The bell's popover: a header with 'Marcar todas como leídas', then the list or its loading, error or empty state. */
export function NotificationPanel({ query, onNavigate }: { query: UseQueryResult<NotificationList>; onNavigate: () => void }) {
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unreadCount ?? 0;
  return (
    <div className="flex max-h-[min(70vh,32rem)] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{messages.title}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: () => notify.error(messages.markError) })}
        >
          <CheckCheck aria-hidden="true" />
          {messages.markAllRead}
        </Button>
      </div>
      <div className="min-h-0 overflow-y-auto">
        {query.isPending ? (
          <Spinner label="Cargando notificaciones..." className="py-8" />
        ) : query.isError ? (
          <div role="alert" className="space-y-3 px-3 py-6 text-center">
            <p className="font-medium text-slate-900 dark:text-white">{messages.loadError}</p>
            <p className="text-slate-600 dark:text-slate-400">{errorMessage(query.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RotateCw aria-hidden="true" />
              Reintentar
            </Button>
          </div>
        ) : query.data.items.length === 0 ? (
          <p className="px-3 py-8 text-center text-slate-600 dark:text-slate-400">{messages.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {query.data.items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function NotificationItem({ notification, onNavigate }: { notification: Notification; onNavigate: () => void }) {
  const markRead = useMarkNotificationRead();
  const unread = notification.readAt === null;
  const link = notificationLink(notification);
  const read = () => {
    if (unread) markRead.mutate(notification.id, { onError: () => notify.error(messages.markError) });
  };
  const text = (
    <>
      <span className={cn('block text-sm text-slate-900 dark:text-white', unread && 'font-semibold')}>{notification.title}</span>
      <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{notification.body}</span>
      <span className="mt-1 block text-xs text-slate-500 dark:text-slate-500">{formatDateTime(notification.createdAt)}</span>
    </>
  );
  return (
    <li className={cn('flex items-start gap-2 px-3 py-2.5', unread && 'bg-brand-50/60 dark:bg-brand-950/30')}>
      {unread ? <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-label="Sin leer" role="img" /> : <span className="size-2 shrink-0" />}
      {link ? (
        <Link
          to={link}
          className="min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={() => {
            read();
            onNavigate();
          }}
        >
          {text}
        </Link>
      ) : (
        <div className="min-w-0 flex-1">{text}</div>
      )}
      {unread ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={read}
          disabled={markRead.isPending}
          aria-label={`${messages.markRead}: ${notification.title}`}
          title={messages.markRead}
        >
          <Check aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
