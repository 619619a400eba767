import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Pencil } from 'lucide-react';
import { claimDescriptionMax, claimUpdateInputSchema, type ClaimDetail } from '@portal/domain';
import { notify } from '@/lib/toast';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useClaimReload, useClaimAssignees, useUpdateClaim } from '../../api/case';
import { bodyResolver, money, TextAreaField } from './claim-form';

interface EditValues {
  description: string;
  rentClaimed: string;
  servicesClaimed: string;
  damagesClaimed: string;
  /** A user's id as text; '' for nobody. */
  assigneeId: string;
}
type ParsedEdit = ReturnType<typeof claimUpdateInputSchema.parse>;

const resolver = bodyResolver(claimUpdateInputSchema, (values: EditValues) => ({
  description: values.description,
  rentClaimed: values.rentClaimed,
  servicesClaimed: values.servicesClaimed,
  damagesClaimed: values.damagesClaimed,
  assigneeId: values.assigneeId === '' ? null : values.assigneeId,
}));
const shownFields = ['description', 'rentClaimed', 'servicesClaimed', 'damagesClaimed', 'assigneeId'] as const;
const saveError = 'Error al guardar la incidencia';

function valuesOf(claim: ClaimDetail): EditValues {
  return {
    description: claim.description,
    rentClaimed: claim.rentClaimed,
    servicesClaimed: claim.servicesClaimed,
    damagesClaimed: claim.damagesClaimed,
    assigneeId: claim.assignee ? String(claim.assignee.id) : '',
  };
}

/** 'Editar datos': the amounts, the description and who is in charge, at the version shown (412 otherwise). */
export function EditClaimButton({ claim }: { claim: ClaimDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <Pencil aria-hidden="true" />
          Editar datos
        </Button>
      </DialogTrigger>
      <DialogContent title="Editar datos de la incidencia" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <EditClaimForm claim={claim} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditClaimForm({ claim, onDone }: { claim: ClaimDetail; onDone: () => void }) {
  const form = useForm<EditValues, unknown, ParsedEdit>({ resolver, defaultValues: valuesOf(claim) });
  const reload = useClaimReload(claim.id);
  const update = useUpdateClaim(claim.id);
  const assignees = useClaimAssignees(claim.branchId, true);
  const stale = useStaleVersion<ClaimDetail>({ record: claim, refetch: reload, reset: (fresh) => form.reset(valuesOf(fresh)) });
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const save = async (input: ParsedEdit) => {
    clearFailure();
    try {
      await update.mutateAsync({
        body: {
          description: input.description,
          rentClaimed: input.rentClaimed === undefined ? undefined : money(input.rentClaimed),
          servicesClaimed: input.servicesClaimed === undefined ? undefined : money(input.servicesClaimed),
          damagesClaimed: input.damagesClaimed === undefined ? undefined : money(input.damagesClaimed),
          assigneeId: input.assigneeId ?? null,
        },
        ifMatch: stale.version ?? claim.version,
      });
      notify.success('Incidencia guardada', claim.number);
      onDone();
    } catch (error) {
      if (stale.caughtStale(error)) return;
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };

  const listed = assignees.data ?? [];
  const current = claim.assignee && !listed.some((user) => user.id === claim.assignee?.id) ? [claim.assignee] : [];
  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <StaleVersionAlert state={stale} />
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <TextAreaField label="Descripción" required maxLength={claimDescriptionMax} error={errors.description?.message} {...register('description')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField label="Rentas reclamadas" inputMode="decimal" autoComplete="off" error={errors.rentClaimed?.message} {...register('rentClaimed')} />
        <TextField label="Servicios reclamados" inputMode="decimal" autoComplete="off" error={errors.servicesClaimed?.message} {...register('servicesClaimed')} />
        <TextField label="Daños reclamados" inputMode="decimal" autoComplete="off" error={errors.damagesClaimed?.message} {...register('damagesClaimed')} />
      </div>
      <SelectField
        label="Responsable"
        hint={assignees.isError ? 'No se pudo cargar la lista de usuarios.' : 'El abogado o gestor de cobranza de la sucursal a cargo del caso.'}
        error={errors.assigneeId?.message}
        {...register('assigneeId')}
      >
        <option value="">Sin asignar</option>
        {[...current, ...listed].map((user) => (
          <option key={user.id} value={String(user.id)}>
            {user.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}
