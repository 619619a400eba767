import { Link } from 'react-router';
import { CircleUserRound, LogOut, ShieldCheck } from 'lucide-react';
import type { SessionUser } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { ThemeToggle } from '@/components/theme-toggle';
import { useLogout } from '@/features/auth';
import { NotificationBell } from '@/features/notifications';
import { MobileNav } from './mobile-nav';
import { UserBadge } from './user-badge';

/**
 * Product title, the notifications bell, the user's e-mail and role (a link to 'Mi cuenta'; an
 * icon on phones), the theme toggle and 'Cerrar Sesión'.
 */
export function Header({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
        <MobileNav user={user} />
        <Link to={paths.dashboard.to()} className="flex min-w-0 items-center gap-2 rounded-md">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white dark:bg-brand-500">
            <ShieldCheck aria-hidden="true" className="size-5" />
          </span>
          <span className="truncate text-base font-semibold tracking-tight sm:text-lg">Portal de Pólizas</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <NotificationBell />
          <Link
            to={paths.account.to()}
            title="Mi cuenta"
            className="hidden max-w-64 rounded-lg p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:flex dark:hover:bg-slate-800"
          >
            <span className="sr-only">Mi cuenta: </span>
            <UserBadge user={user} />
          </Link>
          <Button variant="ghost" size="icon" asChild className="md:hidden">
            <Link to={paths.account.to()} aria-label="Mi cuenta">
              <CircleUserRound aria-hidden="true" />
            </Link>
          </Button>
          <ThemeToggle />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            aria-label="Cerrar Sesión"
          >
            <LogOut aria-hidden="true" />
            <span className="hidden sm:inline">Cerrar Sesión</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
