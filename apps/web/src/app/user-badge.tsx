import { roleLabels, type SessionUser } from '@portal/domain';
import { cn } from '@/lib/cn';

/**
 * The signed-in user's e-mail and role (Spanish label), as header and sidebar show them. The
 * role is an element inside the e-mail's block, so a text search for 'Agente' finds the role
 * once even when the address starts with 'agente'.
 */
export function UserBadge({ user, className }: { user: SessionUser; className?: string }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
      >
        {initials}
      </span>
      <p
        className="min-w-0 overflow-hidden text-left text-sm font-medium text-ellipsis whitespace-nowrap text-slate-900 dark:text-slate-100"
        title={user.email}
      >
        {user.email}
        <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{roleLabels[user.role] ?? user.role}</span>
      </p>
    </div>
  );
}
