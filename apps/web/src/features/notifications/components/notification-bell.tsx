import { useState } from 'react';
import { Bell } from 'lucide-react';
import { notificationMessages as messages } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useNotifications } from '../api';
import { NotificationPanel } from './notification-panel';

/** The count as the badge shows it: past 99 it says '99+'. */
function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * The header's bell: the unread count (polled every 30 s and on focus) and, opened, the list of
 * the newest notifications. Keyboard: Enter/Space opens it, Tab moves through it, Escape closes
 * it and returns to the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={messages.bellLabel(unread)}>
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 p-0" aria-label={messages.title}>
        <NotificationPanel query={notifications} onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
