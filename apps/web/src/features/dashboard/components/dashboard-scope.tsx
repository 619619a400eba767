import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { adminRoles, hasRole, type Role } from '@portal/domain';
import type { DashboardScope } from '@/features/policies';
import { useQuery } from '@tanstack/react-query';
import { branchesQueryOptions, useBranches } from '@/features/branches';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

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

/** The admin's branch picker: 'Todas las sucursales' or one branch. */
export function DashboardBranchSelect({ scope, onChange }: { scope: DashboardScope | null; onChange: (scope: DashboardScope) => void }) {
  const id = useId();
  const branches = useBranches();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm whitespace-nowrap">
        Sucursal
      </Label>
      <Select id={id} value={scope === null ? '' : String(scope)} onChange={(event) => onChange(event.target.value === 'all' ? 'all' : Number(event.target.value))} className="w-56">
        <option value="all">Todas las sucursales</option>
        {/* Until the branches arrive, the chosen one still shows as chosen. */}
        {typeof scope === 'number' && !branches.data?.some((branch) => branch.id === scope) ? (
          <option value={scope}>{branches.isPending ? 'Cargando sucursales...' : `Sucursal ${scope}`}</option>
        ) : null}
        {branches.data?.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
      </Select>
    </div>
  );
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
