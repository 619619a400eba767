import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { appointmentInputSchema, appointmentMessages, type Appointment, type AppointmentFormValues, type AppointmentInput } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { fetchAppointment, useCreateAppointment, useUpdateAppointment } from '../api';
import { AppointmentFields } from './appointment-fields';
import { appointmentToFormValues, formFieldNames, newAppointmentFormValues, type AppointmentFormTarget } from './appointment-form-values';
import { AttendeesSection } from './attendees-section';
import { MeetLinkField } from './meet-link-field';

/** The API's own schema: required fields, times, end after start, attendees, with its messages. */
const resolver: Resolver<AppointmentFormValues, unknown, AppointmentInput> = zodResolver(appointmentInputSchema);

const createdToast = 'Cita creada';
const updatedToast = 'Cita actualizada';
const saveErrorToast = 'Error al guardar la cita';

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
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const saving = form.formState.isSubmitting;
  const stale = useStaleVersion({
    record: appointment,
    refetch: () => (appointment ? fetchAppointment(appointment.id) : Promise.resolve(undefined)),
    reset: (fresh) => form.reset(appointmentToFormValues(fresh)),
  });

  const save = async (body: AppointmentInput) => {
    clearFailure();
    let saved: Appointment;
    try {
      saved = appointment ? await update.mutateAsync({ id: appointment.id, body, ifMatch: stale.version }) : await create.mutateAsync(body);
      stale.saved(saved);
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      // Spec section 8 only logged these: say why, put each field's message under it, stay open.
      showFailure(error, {
        title: saveErrorToast,
        shownFields: formFieldNames(body.attendees.length),
        alwaysAlert: true,
        toast: ({ serverMessage }) => notify.error(saveErrorToast, serverMessage),
      });
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
          <SaveFailureAlert failure={failure} alertRef={alertRef} />
          <StaleVersionAlert state={stale} />
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
