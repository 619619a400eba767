import { useQuery } from '@tanstack/react-query';
import { adminRoles, hasRole, policyLabels } from '@portal/domain';
import { branchesQueryOptions } from '@/features/branches';
import { useSession } from '@/features/auth';
import { SelectInput } from './fields';

/**
 * Admins choose the policy's branch; everyone else's policies belong to their own branch (the
 * server decides), so they see no field at all. The select appears once the branches are in, so
 * its value is never set before its options exist.
 */
export function BranchSelect() {
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const branches = useQuery({ ...branchesQueryOptions(), enabled: isAdmin });
  if (!isAdmin) return null;
  if (!branches.data) {
    return (
      <p className="self-end pb-2.5 text-sm text-slate-500 dark:text-slate-400">
        {branches.isError ? 'No se pudo cargar la lista de sucursales; se usará la suya.' : 'Cargando sucursales...'}
      </p>
    );
  }
  return (
    <SelectInput name="branchId" label={policyLabels.branchId}>
      <option value="">Mi sucursal</option>
      {branches.data.map((branch) => (
        <option key={branch.id} value={String(branch.id)}>
          {branch.status === 'active' ? branch.name : `${branch.name} (inactiva)`}
        </option>
      ))}
    </SelectInput>
  );
}
