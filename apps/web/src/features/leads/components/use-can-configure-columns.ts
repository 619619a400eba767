import type { Role } from '@portal/domain';
import { useSession } from '@/features/auth';

/** Who may change the board's statuses (PUT /api/leads/columns answers 403 to anyone else). */
const leadColumnEditorRoles: readonly Role[] = ['admin', 'manager'];

export function useCanConfigureLeadColumns(): boolean {
  const { user } = useSession();
  return user !== null && leadColumnEditorRoles.includes(user.role);
}
