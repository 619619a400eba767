import { hasRole, managerRoles, type Appointment, type SessionUser } from '@portal/domain';
import { useSession } from '@/features/auth';

/**
 * The server's rule (decision 006): whoever scheduled an appointment, the branch's managers and
 * the admins change or delete it; everyone else in the branch only sees it (403 otherwise).
 */
function canChangeAppointment(user: SessionUser | null, appointment: Pick<Appointment, 'userId'>): boolean {
  if (!user) return false;
  return hasRole(user.role, managerRoles) || appointment.userId === user.id;
}

export function useCanChangeAppointment(): (appointment: Pick<Appointment, 'userId'>) => boolean {
  const { user } = useSession();
  return (appointment) => canChangeAppointment(user, appointment);
}
