import { useId, type ComponentProps } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  gatewayKindLabels,
  gatewayKinds,
  leadFieldLabels as labels,
  leadInputSchema,
  leadMessages,
  leadSources,
  parseLeadNotes,
  type Lead,
  type LeadFormValues,
  type LeadInput,
} from '@portal/domain';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { describedControl, FormField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { controlClasses } from '@/components/ui/input';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { useCreateLead, useLeadOwners, useReloadLead, useUpdateLead } from '../api';
import { leadDisplayName } from '../components/lead-format';
import { leadFormFields, leadToFormValues, newLeadFormValues } from './lead-form-values';

/** The API's own schema: the name is required, the source one of the spec's. */
const resolver: Resolver<LeadFormValues, unknown, LeadInput> = zodResolver(leadInputSchema);

interface LeadDialogProps {
  open: boolean;
  /** The lead on 'Editar Lead'; null on 'Nuevo Lead'. */
  lead: Lead | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Nuevo Lead' / 'Editar Lead'. */
export function LeadDialog({ open, lead, onOpenChange }: LeadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={lead ? leadMessages.editTitle : leadMessages.createTitle}
        className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
      >
        {/* Radix unmounts the content when closed: every opening starts from the lead's values. */}
        <LeadForm lead={lead} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LeadForm({ lead, onDone }: { lead: Lead | null; onDone: () => void }) {
  const form = useForm<LeadFormValues, unknown, LeadInput>({
    resolver,
    defaultValues: lead ? leadToFormValues(lead) : newLeadFormValues(),
  });
  const create = useCreateLead();
  const update = useUpdateLead();
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const reloadLead = useReloadLead();
  const stale = useStaleVersion({
    record: lead ?? undefined,
    refetch: () => (lead ? reloadLead(lead.id) : Promise.resolve(undefined)),
    reset: (fresh) => form.reset(leadToFormValues(fresh)),
  });

  const save = async (body: LeadInput) => {
    clearFailure();
    try {
      const saved = lead ? await update.mutateAsync({ id: lead.id, body, ifMatch: stale.version }) : await create.mutateAsync(body);
      stale.saved(saved);
      const name = leadDisplayName(saved);
      if (lead) notify.success(leadMessages.updated, leadMessages.updatedDescription(name));
      else notify.success(leadMessages.created, leadMessages.createdDescription(name));
      onDone();
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      showFailure(error, {
        title: leadMessages.saveError,
        shownFields: leadFormFields,
        toast: () => notify.error(leadMessages.errorTitle, leadMessages.saveError),
      });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-5">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <StaleVersionAlert state={stale} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={labels.name} required autoComplete="off" fieldClassName="sm:col-span-2" error={errors.name?.message} {...register('name')} />
        <TextField label={labels.phone} type="tel" inputMode="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
        <TextField label={labels.phonewhats} type="tel" inputMode="tel" autoComplete="off" error={errors.phonewhats?.message} {...register('phonewhats')} />
        <TextField label={labels.email} type="email" inputMode="email" autoComplete="off" fieldClassName="sm:col-span-2" error={errors.email?.message} {...register('email')} />
        <SelectField label={labels.source} error={errors.source?.message} {...register('source')}>
          <option value="">Seleccione una fuente</option>
          {leadSources.map((source) => (
            <option key={source} value={source}>
              {source}
            </option>
          ))}
        </SelectField>
        <TextField label={labels.server} autoComplete="off" error={errors.server?.message} {...register('server')} />
        <SelectField label={labels.gatewayKind} error={errors.gatewayKind?.message} {...register('gatewayKind')}>
          <option value="">El de la sucursal</option>
          {gatewayKinds.map((kind) => (
            <option key={kind} value={kind}>
              {gatewayKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <TextField label={labels.gatewayInstance} autoComplete="off" error={errors.gatewayInstance?.message} {...register('gatewayInstance')} />
        <TextField label={labels.apikey} autoComplete="off" error={errors.apikey?.message} {...register('apikey')} />
        <OwnerSelect lead={lead} error={errors.ownerId?.message} {...register('ownerId', { setValueAs: (value: unknown) => ownerValue(value, lead === null) })} />
        <TextField label={labels.followUpDate} type="date" error={errors.followUpDate?.message} {...register('followUpDate')} />
        {lead ? <StoredNotes notes={lead.notes} /> : <NotesInput error={errors.notes?.message} {...register('notes')} />}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Guardando...' : lead ? 'Actualizar' : 'Crear'}
        </Button>
      </div>
    </form>
  );
}

/** The select's value as the API takes it: '' is the default owner on create, nobody on edit. */
function ownerValue(value: unknown, isNew: boolean): number | null | undefined {
  if (value === '' || value === null || value === undefined) return isNew ? undefined : null;
  return Number(value);
}

/**
 * 'Responsable': the branch's active agents and managers. The select appears once they are in,
 * so its value is never set before its options exist (and a failed list leaves the owner alone).
 * A current owner no longer in the list (deactivated) stays an option, so saving keeps them.
 */
function OwnerSelect({ lead, error, ...props }: ComponentProps<'select'> & { lead: Lead | null; error?: string | undefined }) {
  const owners = useLeadOwners();
  if (!owners.data) {
    return (
      <p className="self-end pb-2.5 text-sm text-slate-500 dark:text-slate-400">
        {owners.isError ? 'No se pudo cargar la lista de responsables; se conserva el actual.' : 'Cargando responsables...'}
      </p>
    );
  }
  const options = [...owners.data];
  if (lead?.ownerId != null && !options.some((owner) => owner.id === lead.ownerId)) options.push({ id: lead.ownerId, name: lead.ownerName || `Usuario ${lead.ownerId}` });
  return (
    <SelectField label={labels.ownerId} error={error} {...props}>
      <option value="">{lead === null ? 'Quien lo crea' : leadMessages.noOwner}</option>
      {options.map((owner) => (
        <option key={owner.id} value={String(owner.id)}>
          {owner.name}
        </option>
      ))}
    </SelectField>
  );
}

function NotesInput({ error, ...props }: ComponentProps<'textarea'> & { error?: string | undefined }) {
  const id = useId();
  return (
    <FormField id={id} label={labels.notes} error={error} className="sm:col-span-2">
      <textarea {...describedControl(id, error)} rows={3} className={cn(controlClasses, 'min-h-20 py-2')} {...props} />
    </FormField>
  );
}

/** On edit the notes are read here; new ones are added from the card ('Agregar nota...'). */
function StoredNotes({ notes }: { notes: string }) {
  const list = parseLeadNotes(notes);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-1.5 sm:col-span-2">
      <h3 id={headingId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {labels.notes}
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Sin notas</p>
      ) : (
        <ol className="max-h-40 space-y-1.5 overflow-y-auto rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
          {list.map((note, index) => (
            <li key={index} className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200">
              {note}
            </li>
          ))}
        </ol>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">Las notas se agregan desde la tarjeta del lead, en «{leadMessages.addNote}».</p>
    </section>
  );
}
