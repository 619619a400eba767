import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { businessDate, claimMovementInputSchema, claimMovementKindLabels, claimMovementKinds, formatPesos, type ClaimMovementKind } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useRecordMovement } from '../../api/case';
import { bodyResolver, money } from './claim-form';

interface MovementValues {
  kind: ClaimMovementKind | '';
  amount: string;
  on: string;
  description: string;
}
type ParsedMovement = ReturnType<typeof claimMovementInputSchema.parse>;

const resolver = bodyResolver(claimMovementInputSchema, (values: MovementValues) => ({ ...values, kind: values.kind || undefined }));
const shownFields = ['kind', 'amount', 'on', 'description'] as const;
const saveError = 'Error al registrar el movimiento';

/** 'Registrar movimiento': a cost of the case, an amount recovered or what was handed to the owner. */
export function MovementButton({ claimId }: { claimId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Registrar movimiento
        </Button>
      </DialogTrigger>
      <DialogContent title="Registrar movimiento" description="Un movimiento no se edita: si hay un error, se revierte con su motivo y se registra de nuevo.">
        <MovementForm claimId={claimId} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function MovementForm({ claimId, onDone }: { claimId: number; onDone: () => void }) {
  const today = businessDate();
  const form = useForm<MovementValues, unknown, ParsedMovement>({ resolver, defaultValues: { kind: '', amount: '', on: today, description: '' } });
  const record = useRecordMovement(claimId);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const save = async (input: ParsedMovement) => {
    clearFailure();
    try {
      await record.mutateAsync({ ...input, amount: money(input.amount) });
      notify.success('Movimiento registrado', `${claimMovementKindLabels[input.kind]} · ${formatPesos(input.amount)}`);
      onDone();
    } catch (error) {
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };
  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Concepto" required fieldClassName="sm:col-span-2" error={errors.kind?.message} {...register('kind')}>
          <option value="">Seleccione el concepto</option>
          {claimMovementKinds.map((kind) => (
            <option key={kind} value={kind}>
              {claimMovementKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <TextField label="Importe" required inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...register('amount')} />
        <TextField label="Fecha" required type="date" max={today} error={errors.on?.message} {...register('on')} />
        <TextField label="Descripción" maxLength={300} fieldClassName="sm:col-span-2" hint="Opcional: recibo, diligencia, transferencia…" error={errors.description?.message} {...register('description')} />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Registrando...' : 'Registrar movimiento'}
        </Button>
      </div>
    </form>
  );
}
