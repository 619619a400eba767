import { addendumEditorRoles } from '@portal/domain';
import { useSession } from '@/features/auth';

/** Admins, managers and agents write addendums; approvers only read them (the server answers 403). */
export function useCanEditAddendums(): boolean {
  const { user } = useSession();
  return user !== null && addendumEditorRoles.includes(user.role);
}

export const onlyEditorsNote = 'Solo un administrador, gerente o agente puede crear o modificar addendums.';
