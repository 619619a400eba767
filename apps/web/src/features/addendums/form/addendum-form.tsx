import { useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { addendumInputSchema, addendumMessages, type Addendum, type AddendumFormValues, type AddendumInput } from '@portal/domain';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { onlyEditorsNote, useCanEditAddendums } from '../components/use-addendum-editor';
import { AddendumFields } from './addendum-fields';
import { addendumFormFields, addendumToFormValues, newAddendumFormValues } from './addendum-form-values';
import { FileSection } from './file-section';
import { FormCard } from './form-card';
import { LockedPolicy, PolicyChoice } from './policy-choice';
import { ReadOnlyNotice } from './read-only-notice';
import { useAddendumUpload } from './use-addendum-upload';
import { useAfterAddendumSave } from './use-after-addendum-save';

/** The API's own schema (required fields, amount > 0, dates in order, with the spec's messages). */
const resolver: Resolver<AddendumFormValues, unknown, AddendumInput> = zodResolver(addendumInputSchema);

interface AddendumFormProps {
  /** The stored addendum on 'Editar Addendum'; absent on 'Crear Nuevo Addendum'. */
  addendum?: Addendum;
  /**
   * Sends the validated body (with the version the form was loaded at, on 'Editar Addendum') and
   * gives back the saved addendum; a rejection is shown on the form.
   */
  onSave: (body: AddendumInput, ifMatch: number | undefined) => Promise<Addendum>;
  /** Reads the stored addendum again, for 'Recargar' after a 412. */
  onReload?: () => Promise<Addendum | undefined>;
}

/** Why the form is shown read-only, if it is: the user's role, or a cancelled addendum (server 409). */
function useReadOnlyReason(addendum: Addendum | undefined): string | null {
  const canEdit = useCanEditAddendums();
  if (!canEdit) return onlyEditorsNote;
  return addendum?.status === 'canceled' ? addendumMessages.canceled : null;
}

/** 'Crear Nuevo Addendum' / 'Editar Addendum': the policy, the addendum's data and its file. */
export function AddendumForm({ addendum, onSave, onReload }: AddendumFormProps) {
  const [defaults] = useState(() => (addendum ? addendumToFormValues(addendum) : newAddendumFormValues()));
  const form = useForm<AddendumFormValues, unknown, AddendumInput>({ resolver, defaultValues: defaults });
  const policyId = useWatch({ control: form.control, name: 'policyId' });
  const readOnlyReason = useReadOnlyReason(addendum);
  const upload = useAddendumUpload();
  const afterSave = useAfterAddendumSave(upload);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const isEdit = addendum !== undefined;
  const stale = useStaleVersion({
    record: addendum,
    refetch: onReload ?? (() => Promise.resolve(undefined)),
    reset: (fresh) => form.reset(addendumToFormValues(fresh)),
  });
  const saving = form.formState.isSubmitting;

  const save = async (body: AddendumInput) => {
    clearFailure();
    let saved: Addendum;
    try {
      saved = await onSave(body, stale.version);
      stale.saved(saved);
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      showFailure(error, {
        title: addendumMessages.saveError,
        shownFields: addendumFormFields,
        alwaysAlert: true,
        toast: ({ title, serverMessage }) => notify.error(title, serverMessage === title ? undefined : serverMessage),
      });
      return;
    }
    await afterSave(saved, isEdit ? addendumMessages.updated : addendumMessages.created, { created: !isEdit });
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-6">
        {/* A chosen file not yet sent is unsaved work too. */}
        <UnsavedChangesGuard dirty={(form.formState.isDirty || upload.file !== null) && !saving} />
        <SaveFailureAlert failure={failure} alertRef={alertRef} />
        <StaleVersionAlert state={stale} />
        {readOnlyReason ? <ReadOnlyNotice text={readOnlyReason} /> : null}
        <FormCard title="Datos del addendum">
          <fieldset disabled={readOnlyReason !== null} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="sr-only">Datos del addendum</legend>
            {addendum ? <LockedPolicy addendum={addendum} /> : <PolicyChoice />}
            <AddendumFields />
          </fieldset>
        </FormCard>
        <FormCard title="Archivo">
          <FileSection
            upload={upload}
            addendum={addendum}
            readOnly={readOnlyReason !== null}
            policyChosen={String(policyId ?? '') !== ''}
            saving={saving}
          />
        </FormCard>
        {readOnlyReason ? (
          <BackToList />
        ) : (
          <FormActions
            cancelTo={paths.addendums.list.to()}
            submitLabel={isEdit ? 'Guardar Cambios' : 'Crear Addendum'}
            busyLabel={isEdit ? 'Guardando...' : 'Creando...'}
            busy={saving || upload.uploading}
          />
        )}
      </form>
    </FormProvider>
  );
}


function BackToList() {
  return (
    <div className="flex justify-end border-t border-slate-100 pt-5 dark:border-slate-800">
      <Button asChild variant="secondary">
        <Link to={paths.addendums.list.to()}>Volver a addendums</Link>
      </Button>
    </div>
  );
}
