import { useSearchParams } from 'react-router';
import { adminRoles, hasRole, type Role } from '@portal/domain';
import type { DashboardScope } from '@/features/policies';
import { useQuery } from '@tanstack/react-query';
import { branchesQueryOptions } from '@/features/branches';

interface SessionUser {
  role: Role;
  branchId: number | null;
}

/** `?sucursal=todas`, `?sucursal={id}`, else the admin's own branch (every branch when they have none). */
function adminScope(chosen: string | null, own: number | null): DashboardScope {
  if (chosen === 'todas') return 'all';
  const id = Number(chosen);
  if (chosen !== null && Number.isInteger(id) && id > 0) return id;
  return own ?? 'all';
}

/**
 * Whose counts the dashboard shows. Everyone but admins: their own branch. Admins choose one
 * branch or every branch (`?sucursal=todas`), starting with their own; the choice lives in the
 * URL so a reload or a shared link keeps it.
 */
export function useDashboardScope(user: SessionUser | null) {
  const [params, setParams] = useSearchParams();
  const isAdmin = hasRole(user?.role, adminRoles);
  const own = user?.branchId ?? null;
  const scope = isAdmin ? adminScope(params.get('sucursal'), own) : own;
  const choose = (next: DashboardScope) => setParams(next === own ? {} : { sucursal: next === 'all' ? 'todas' : String(next) });
  // The list the cards open shows every branch to an admin: name the one the counts are of.
  const listFilters: Record<string, number> = isAdmin && typeof scope === 'number' ? { branch: scope } : {};
  return { isAdmin, scope, choose, listFilters };
}

/**
 * 'Pólizas de Sucursal Polanco' / 'Pólizas de todas las sucursales': whose counts these are
 * (an admin's policy list spans every branch, an agent's is their own branch).
 */
export function useScopeDescription(scope: DashboardScope | null, user: { role: Role; branchId: number | null; branchName?: string | null } | null) {
  const branches = useQuery({ ...branchesQueryOptions(), enabled: hasRole(user?.role, adminRoles) });
  if (scope === 'all') return 'Pólizas de todas las sucursales';
  const name = scope === user?.branchId ? user?.branchName : branches.data?.find((branch) => branch.id === scope)?.name;
  return name ? `Pólizas de ${name}` : undefined;
}
