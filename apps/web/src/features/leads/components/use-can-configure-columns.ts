import { hasRole, managerRoles } from '@portal/domain';
import { useSession } from '@/features/auth';

/** Who may change the board's statuses (PUT /api/leads/columns answers 403 to anyone else). */
export function useCanConfigureLeadColumns(): boolean {
  return hasRole(useSession().user?.role, managerRoles);
}
