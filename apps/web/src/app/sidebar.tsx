import { Link, useLocation } from 'react-router';
import { CircleUserRound, LogOut } from 'lucide-react';
import { adminRoles, hasRole, managerRoles, type SessionUser } from '@portal/domain';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth';
import { adminNavItems, isNavItemActive, mainNavItems, managerNavItems, type NavItem } from './nav-items';
import { UserBadge } from './user-badge';

function SidebarLink({ item, pathname, search, onNavigate }: { item: NavItem; pathname: string; search: string; onNavigate?: () => void }) {
  const active = isNavItemActive(item, pathname, search);
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.to}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          active
            ? 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-200'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <Icon aria-hidden="true" className={cn('size-4 shrink-0', active ? 'text-brand-600 dark:text-brand-300' : '')} />
        {item.label}
      </Link>
    </li>
  );
}

/**
 * Navigation, the user's e-mail and role, and 'Cerrar Sesión'. The 'Administración' section is
 * only for admins (the server enforces it too).
 */
export function Sidebar({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { pathname, search } = useLocation();
  const logout = useLogout();
  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Menú principal" className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {mainNavItems.filter((item) => !item.roles || hasRole(user.role, item.roles)).map((item) => (
            <SidebarLink key={item.to} item={item} pathname={pathname} search={search} onNavigate={onNavigate} />
          ))}
        </ul>
        {hasRole(user.role, managerRoles) ? (
          <section aria-labelledby="sidebar-settings-heading">
            <h2
              id="sidebar-settings-heading"
              className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-500"
            >
              Configuración
            </h2>
            <ul className="space-y-1">
              {managerNavItems.map((item) => (
                <SidebarLink key={item.to} item={item} pathname={pathname} search={search} onNavigate={onNavigate} />
              ))}
            </ul>
          </section>
        ) : null}
        {hasRole(user.role, adminRoles) ? (
          <section aria-labelledby="sidebar-admin-heading">
            <h2
              id="sidebar-admin-heading"
              className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-500"
            >
              Administración
            </h2>
            <ul className="space-y-1">
              {adminNavItems.map((item) => (
                <SidebarLink key={item.to} item={item} pathname={pathname} search={search} onNavigate={onNavigate} />
              ))}
            </ul>
          </section>
        ) : null}
      </nav>
      <div className="space-y-3 border-t border-slate-200 p-4 dark:border-slate-800">
        <UserBadge user={user} />
        <Button variant="secondary" size="sm" className="w-full" asChild>
          <Link to={paths.account.to()} onClick={onNavigate}>
            <CircleUserRound aria-hidden="true" />
            Mi cuenta
          </Link>
        </Button>
        <Button variant="secondary" size="sm" className="w-full" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          Cerrar Sesión
        </Button>
      </div>
    </div>
  );
}
