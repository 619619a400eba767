import { hasRole, policyEditorRoles } from '@portal/domain';
import { useSession } from '@/features/auth';

/** Whether the signed-in user writes policies' data (the form, uploads, contracts): every role but the lawyer (issue 33). */
export function useCanEditPolicy(): boolean {
  return hasRole(useSession().user?.role, policyEditorRoles);
}
