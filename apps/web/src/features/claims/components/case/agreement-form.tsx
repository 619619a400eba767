import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { agreementInputSchema, agreementMaxInstalments, formatPesos, moneyToCents, type ClaimDetail } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useCreateAgreement } from '../../api/case';
import { bodyResolver, money, TextAreaField } from './claim-form';

interface AgreementValues {
  instalments: Array<{ dueOn: string; amount: string }>;
  notes: string;
}
type ParsedAgreement = ReturnType<typeof agreementInputSchema.parse>;

const resolver = bodyResolver(agreementInputSchema, (values: AgreementValues) => values);
const saveError = 'Error al crear el convenio';

/** 'Crear convenio' (or a new one after a broken or fulfilled one). */
export function AgreementButton({ claim, renewing }: { claim: ClaimDetail; renewing: boolean }) {
  const [open, setOpen] = useState(false);
  const label = renewing ? 'Nuevo convenio' : 'Crear convenio';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={label}
        description="Las parcialidades con su fecha (cada una posterior a la anterior) y su importe. Se vigilan como las rentas."
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      >
        <AgreementForm claim={claim} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AgreementForm({ claim, onDone }: { claim: ClaimDetail; onDone: () => void }) {
  const form = useForm<AgreementValues, unknown, ParsedAgreement>({ resolver, defaultValues: { instalments: [{ dueOn: '', amount: '' }], notes: '' } });
  const rows = useFieldArray({ control: form.control, name: 'instalments' });
  const create = useCreateAgreement(claim.id);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const typed = useWatch({ control: form.control, name: 'instalments' });
  const totalCents = typed.reduce((sum, row) => sum + (moneyToCents(row.amount) ?? 0), 0);

  const save = async (input: ParsedAgreement) => {
    clearFailure();
    try {
      await create.mutateAsync({ notes: input.notes, instalments: input.instalments.map((row) => ({ dueOn: row.dueOn, amount: money(row.amount) })) });
      notify.success('Convenio creado', `${input.instalments.length} parcialidades · ${formatPesos(totalCents)}`);
      onDone();
    } catch (error) {
      const shownFields = ['notes', 'instalments', ...rows.fields.flatMap((_, index) => [`instalments.${index}.dueOn`, `instalments.${index}.amount`])];
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };

  const listError = errors.instalments?.message ?? errors.instalments?.root?.message;
  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <ol aria-label="Parcialidades del convenio" className="space-y-3">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <TextField label={`Fecha de la parcialidad ${index + 1}`} type="date" required error={errors.instalments?.[index]?.dueOn?.message} {...register(`instalments.${index}.dueOn`)} />
            <TextField label={`Importe de la parcialidad ${index + 1}`} inputMode="decimal" autoComplete="off" required error={errors.instalments?.[index]?.amount?.message} {...register(`instalments.${index}.amount`)} />
            <Button type="button" variant="ghost" size="icon" className="mt-6" aria-label={`Quitar parcialidad ${index + 1}`} disabled={rows.fields.length === 1} onClick={() => rows.remove(index)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {listError ? <p className="text-sm text-red-600 dark:text-red-400">{listError}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="secondary" size="sm" disabled={rows.fields.length >= agreementMaxInstalments} onClick={() => rows.append({ dueOn: '', amount: '' })}>
          <Plus aria-hidden="true" />
          Agregar parcialidad
        </Button>
        <p role="status" className="text-sm font-semibold tabular-nums">
          Total: {formatPesos(totalCents)}
        </p>
      </div>
      <TextAreaField label="Notas" maxLength={2000} hint="Opcional." error={errors.notes?.message} {...register('notes')} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Creando...' : 'Crear convenio'}
        </Button>
      </div>
    </form>
  );
}
