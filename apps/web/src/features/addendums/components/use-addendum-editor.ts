import { addendumEditorRoles, hasRole } from '@portal/domain';
import { useSession } from '@/features/auth';

/** Admins, managers and agents write addendums; approvers only read them (the server answers 403). */
export function useCanEditAddendums(): boolean {
  return hasRole(useSession().user?.role, addendumEditorRoles);
}

export const onlyEditorsNote = 'Solo un administrador, gerente o agente puede crear o modificar addendums.';
