import { appointmentMessages, type Appointment } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteAppointment } from '../api';

const deletedToast = 'Cita eliminada';
const deleteErrorToast = 'Error al eliminar la cita';

interface DeleteAppointmentDialogProps {
  /** The appointment asked about; null closes the confirmation. */
  appointment: Appointment | null;
  onClose: () => void;
  /** After the server deleted it (the detail popup closes too). */
  onDeleted: () => void;
}

/**
 * The spec's confirmation ('¿Estás seguro?' … 'Cancelar' / 'Eliminar'); deletes for good. A
 * failure is told in a toast with the server's reason (the spec only logged it).
 */
export function DeleteAppointmentDialog({ appointment, onClose, onDeleted }: DeleteAppointmentDialogProps) {
  const remove = useDeleteAppointment();
  const confirm = () => {
    if (!appointment) return;
    remove.mutate(appointment.id, {
      onSuccess: () => {
        notify.success(deletedToast);
        onClose();
        onDeleted();
      },
      onError: (error) => {
        onClose();
        if (isSessionExpired(error)) return;
        notify.error(deleteErrorToast, errorMessage(error));
      },
    });
  };
  return (
    <ConfirmDialog
      open={appointment !== null}
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
      title={appointmentMessages.deleteTitle}
      description={appointmentMessages.deleteDescription}
      confirmLabel={remove.isPending ? 'Eliminando...' : 'Eliminar'}
      tone="danger"
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}
