import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { claimDescriptionMax, claimOpenInputSchema, claimTypeLabels, claimTypes, type ClaimType } from '@portal/domain';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useOpenClaim } from '../../api/case';
import { bodyResolver, money, optionalText, TextAreaField } from './claim-form';

interface OpenClaimValues {
  type: ClaimType | '';
  description: string;
  amountClaimed: string;
  servicesClaimed: string;
  damagesClaimed: string;
}

const resolver = bodyResolver(claimOpenInputSchema, (values: OpenClaimValues) => ({
  type: values.type || undefined,
  description: values.description,
  amountClaimed: optionalText(values.amountClaimed),
  servicesClaimed: optionalText(values.servicesClaimed),
  damagesClaimed: optionalText(values.damagesClaimed),
}));
const shownFields = ['type', 'description', 'amountClaimed', 'servicesClaimed', 'damagesClaimed'] as const;
const saveError = 'Error al abrir la incidencia';

/** 'Abrir incidencia': the type, what happened and, when known, the amounts; then the case's page. */
export function OpenClaimButton({ policyId }: { policyId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Abrir incidencia
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Abrir incidencia"
        description="Un caso por problema: falta de pago, daños, no entrega del inmueble… Se abre en la etapa Reporte."
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <OpenClaimForm policyId={policyId} />
      </DialogContent>
    </Dialog>
  );
}

function OpenClaimForm({ policyId }: { policyId: number }) {
  const navigate = useNavigate();
  const form = useForm<OpenClaimValues, unknown, ReturnType<typeof claimOpenInputSchema.parse>>({
    resolver,
    defaultValues: { type: '', description: '', amountClaimed: '', servicesClaimed: '', damagesClaimed: '' },
  });
  const open = useOpenClaim(policyId);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const save = async (input: ReturnType<typeof claimOpenInputSchema.parse>) => {
    clearFailure();
    try {
      const claim = await open.mutateAsync({
        type: input.type,
        description: input.description,
        ...(input.amountClaimed !== undefined ? { amountClaimed: money(input.amountClaimed) } : {}),
        ...(input.servicesClaimed !== undefined ? { servicesClaimed: money(input.servicesClaimed) } : {}),
        ...(input.damagesClaimed !== undefined ? { damagesClaimed: money(input.damagesClaimed) } : {}),
      });
      notify.success('Incidencia abierta', claim.number);
      void navigate(paths.claims.detail.to(claim.id));
    } catch (error) {
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <SelectField label="Tipo" required error={errors.type?.message} {...register('type')}>
        <option value="">Seleccione el tipo</option>
        {claimTypes.map((type) => (
          <option key={type} value={type}>
            {claimTypeLabels[type]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Descripción" required maxLength={claimDescriptionMax} hint="Qué pasó y desde cuándo." error={errors.description?.message} {...register('description')} />
      <TextField
        label="Monto reclamado"
        inputMode="decimal"
        autoComplete="off"
        hint="Sin monto: las rentas en mora de la póliza al abrir la incidencia."
        error={errors.amountClaimed?.message}
        {...register('amountClaimed')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Servicios reclamados" inputMode="decimal" autoComplete="off" hint="Opcional: agua, luz, mantenimiento…" error={errors.servicesClaimed?.message} {...register('servicesClaimed')} />
        <TextField label="Daños reclamados" inputMode="decimal" autoComplete="off" hint="Opcional." error={errors.damagesClaimed?.message} {...register('damagesClaimed')} />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Abriendo...' : 'Abrir incidencia'}
        </Button>
      </div>
    </form>
  );
}
