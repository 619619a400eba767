import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Save, Send } from 'lucide-react';
import { businessDate, moveOutLimits, type MoveOutActa, type MoveOutValues } from '@portal/domain';
import { isStaleVersion } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useSaveMoveOut, useSendMoveOut } from '../api';
import { DamagesFields } from './damages-fields';
import { actaFields, actaResolver, bodyOf, formValuesOf, type ActaFormValues } from './form-values';
import { PhotoLinkButton } from './photo-link';
import { RoomsFields } from './rooms-fields';
import { SettlementSummary } from './settlement-summary';

const saveTitle = 'Error al guardar el acta';

/**
 * The acta's draft: the day, keys, meters, rooms with photos, damages and services, with the
 * deposit's settlement following what is typed. Saved whole with the version it was loaded at;
 * 'Enviar a firma' asks first, since nothing can be changed afterwards.
 */
export function ActaForm({ acta, canEdit }: { acta: MoveOutActa; canEdit: boolean }) {
  const form = useForm<ActaFormValues, unknown, MoveOutValues>({ resolver: actaResolver, defaultValues: formValuesOf(acta, businessDate()) });
  const save = useSaveMoveOut(acta.policyId);
  const send = useSendMoveOut(acta.policyId);
  const [confirming, setConfirming] = useState(false);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const editable = canEdit && acta.state === 'draft';
  const [damages, unpaidServices] = useWatch({ control: form.control, name: ['damages', 'unpaidServices'] });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSave = async (values: MoveOutValues) => {
    clearFailure();
    try {
      const saved = await save.mutateAsync({ body: bodyOf(values), ifMatch: acta.version });
      form.reset(formValuesOf(saved, businessDate()));
      notify.success('Acta guardada');
    } catch (error) {
      showFailure(error, { title: saveTitle, shownFields: actaFields, toast: (described) => notify.error(saveTitle, isStaleVersion(error) ? described.title : undefined) });
    }
  };

  const onSend = async () => {
    try {
      await send.mutateAsync(acta.version);
      setConfirming(false);
      notify.success('Acta enviada a firma', 'El propietario y el inquilino recibirán su enlace por correo.');
    } catch (error) {
      setConfirming(false);
      showFailure(error, { title: 'Error al enviar el acta a firma', shownFields: [], toast: () => notify.error('Error al enviar el acta a firma') });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)} className="space-y-6">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <fieldset disabled={!editable} className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Fecha de entrega" type="date" max={businessDate()} required error={errors.deliveredOn?.message} {...form.register('deliveredOn')} />
          <TextField label="Llaves entregadas" type="number" min={0} max={moveOutLimits.keys} inputMode="numeric" error={errors.keysCount?.message} {...form.register('keysCount')} />
          <TextField label="Notas de las llaves" error={errors.keysNotes?.message} {...form.register('keysNotes')} />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-base font-semibold">Lecturas de los medidores</legend>
          <TextField label="Lectura de agua" error={errors.meters?.water?.message} {...form.register('meters.water')} />
          <TextField label="Lectura de luz" error={errors.meters?.electricity?.message} {...form.register('meters.electricity')} />
          <TextField label="Lectura de gas" error={errors.meters?.gas?.message} {...form.register('meters.gas')} />
        </fieldset>
        <RoomsFields form={form} acta={acta} canEdit={editable} />
        <DamagesFields form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Servicios pendientes de pago" inputMode="decimal" error={errors.unpaidServices?.message} {...form.register('unpaidServices')} />
          <TextField label="Notas de los servicios" error={errors.unpaidServicesNotes?.message} {...form.register('unpaidServicesNotes')} />
        </div>
      </fieldset>
      <SettlementSummary settlement={acta.settlement} damages={editable ? damages : acta.damages} unpaidServices={editable ? unpaidServices : acta.unpaidServices} />
      {editable ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {acta.exists ? <PhotoLinkButton policyId={acta.policyId} /> : null}
          <Button type="submit" variant="secondary" disabled={isSubmitting}>
            <Save aria-hidden="true" />
            {isSubmitting ? 'Guardando…' : 'Guardar borrador'}
          </Button>
          <Button type="button" disabled={!acta.exists || isDirty || send.isPending} onClick={() => setConfirming(true)}>
            <Send aria-hidden="true" />
            Enviar a firma
          </Button>
        </div>
      ) : null}
      {editable && acta.exists && isDirty ? <p className="text-right text-xs text-slate-500 dark:text-slate-400">Guarde los cambios antes de enviar el acta a firma.</p> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Enviar el acta a firma?"
        description="El acta ya no se podrá modificar. Se generará su PDF y el propietario y el inquilino recibirán por correo un enlace para firmarla."
        confirmLabel="Enviar a firma"
        busy={send.isPending}
        onConfirm={() => void onSend()}
      >
        <p className="mt-3 text-sm font-semibold">{acta.settlement.label}</p>
      </ConfirmDialog>
    </form>
  );
}
