import { useEffect, useState } from 'react';
import { FormProvider, useForm, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { appointmentInputSchema, appointmentMessages, type Appointment, type AppointmentFormValues, type AppointmentInput } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { useCreateAppointment, useUpdateAppointment } from '../api';
import { AppointmentFields } from './appointment-fields';
import { appointmentToFormValues, formFieldNames, newAppointmentFormValues, type AppointmentFormTarget } from './appointment-form-values';
import { AttendeesSection } from './attendees-section';
import { MeetLinkField } from './meet-link-field';

/** The API's own schema: required fields, times, end after start, attendees, with its messages. */
const resolver: Resolver<AppointmentFormValues, unknown, AppointmentInput> = zodResolver(appointmentInputSchema);

export const createdToast = 'Cita creada';
export const updatedToast = 'Cita actualizada';
export const saveErrorToast = 'Error al guardar la cita';

interface AppointmentFormDialogProps {
  /** What the dialog edits; null closes it. */
  target: AppointmentFormTarget | null;
  onClose: () => void;
}

/** 'Nueva Cita' / 'Editar Cita' in a modal over the list or the calendar. */
export function AppointmentFormDialog({ target, onClose }: AppointmentFormDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? <AppointmentFormContent target={target} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AppointmentFormContent({ target, onClose }: { target: AppointmentFormTarget; onClose: () => void }) {
  const appointment = target.kind === 'edit' ? target.appointment : undefined;
  const isEdit = appointment !== undefined;
  // Made once, when the dialog opens: a new appointment gets its Meet-style link here.
  const [defaults] = useState(() => (appointment ? appointmentToFormValues(appointment) : newAppointmentFormValues(target.kind === 'create' ? target.date : '')));
  const form = useForm<AppointmentFormValues, unknown, AppointmentInput>({ resolver, defaultValues: defaults });
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const [failure, setFailure] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const saving = form.formState.isSubmitting;

  const { setFocus } = form;
  useEffect(() => {
    if (focusField) setFocus(focusField as Path<AppointmentFormValues>);
  }, [focusField, setFocus]);

  const save = async (body: AppointmentInput) => {
    setFailure(null);
    setFocusField(null);
    let saved: Appointment;
    try {
      saved = appointment ? await update.mutateAsync({ id: appointment.id, body }) : await create.mutateAsync(body);
    } catch (error) {
      if (isApiError(error) && error.code === 'session_expired') return;
      // Spec section 8 only logged these: say why, put each field's message under it, stay open.
      const fields = formFieldNames(body.attendees.length);
      const message = applyServerErrors(error, form.setError, fields);
      setFailure(message);
      setFocusField((isApiError(error) ? error.details : []).map((detail) => detail.field).find((field) => fields.includes(field)) ?? null);
      notify.error(saveErrorToast, message);
      return;
    }
    notify.success(isEdit ? updatedToast : createdToast, saved.title);
    onClose();
  };

  return (
    <DialogContent
      title={isEdit ? appointmentMessages.editTitle : appointmentMessages.createTitle}
      className="max-h-[92vh] max-w-2xl overflow-y-auto"
      // A click beside the dialog must not throw away what was typed; Escape and 'Cancelar' still close it.
      onInteractOutside={(event) => event.preventDefault()}
      onEscapeKeyDown={(event) => (saving ? event.preventDefault() : undefined)}
    >
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(save)} noValidate className="mt-4 space-y-6" aria-label={isEdit ? appointmentMessages.editTitle : appointmentMessages.createTitle}>
          {failure ? (
            <Alert>
              <p className="font-medium">{saveErrorToast}</p>
              {failure !== saveErrorToast ? <p className="mt-1">{failure}</p> : null}
            </Alert>
          ) : null}
          <fieldset disabled={saving} className="min-w-0 space-y-6">
            <AppointmentFields isEdit={isEdit} />
            <MeetLinkField />
            <AttendeesSection isEdit={isEdit} />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end dark:border-slate-800">
            <DialogClose asChild>
              <Button variant="secondary" disabled={saving}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
              {saving ? (isEdit ? 'Guardando...' : 'Creando...') : isEdit ? 'Guardar Cambios' : 'Crear Cita'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </DialogContent>
  );
}
