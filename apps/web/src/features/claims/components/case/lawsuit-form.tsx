import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Gavel } from 'lucide-react';
import { lawsuitInputSchema, lawsuitStepLabels, lawsuitSteps, type ClaimDetail, type LawsuitStep } from '@portal/domain';
import { notify } from '@/lib/toast';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useClaimReload, useSaveLawsuit } from '../../api/case';
import { bodyResolver, TextAreaField } from './claim-form';

type LawsuitValues = { court: string; caseNumber: string; notes: string } & Record<LawsuitStep, string>;
type ParsedLawsuit = ReturnType<typeof lawsuitInputSchema.parse>;

const laterSteps = lawsuitSteps.filter((step) => step !== 'filedOn');

const resolver = bodyResolver(lawsuitInputSchema, (values: LawsuitValues) => ({
  court: values.court,
  caseNumber: values.caseNumber,
  filedOn: values.filedOn,
  ...Object.fromEntries(laterSteps.map((step) => [step, values[step] || null])),
  notes: values.notes,
}));
const shownFields = ['court', 'caseNumber', 'notes', ...lawsuitSteps] as const;
const saveError = 'Error al guardar la demanda';

function valuesOf(claim: ClaimDetail): LawsuitValues {
  const stored = claim.lawsuit;
  return {
    court: stored?.court ?? '',
    caseNumber: stored?.caseNumber ?? '',
    notes: stored?.notes ?? '',
    ...(Object.fromEntries(lawsuitSteps.map((step) => [step, stored?.[step] ?? ''])) as Record<LawsuitStep, string>),
  };
}

/** 'Capturar demanda' / 'Editar demanda': at the version shown when it opened (412 otherwise, with 'Recargar'). */
export function LawsuitButton({ claim }: { claim: ClaimDetail }) {
  const [open, setOpen] = useState(false);
  const label = claim.lawsuit ? 'Editar demanda' : 'Capturar demanda';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Gavel aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={label} description="Las fechas van en el orden del juicio: ninguna puede ser anterior a la de una etapa previa." className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <LawsuitForm claim={claim} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LawsuitForm({ claim, onDone }: { claim: ClaimDetail; onDone: () => void }) {
  const form = useForm<LawsuitValues, unknown, ParsedLawsuit>({ resolver, defaultValues: valuesOf(claim) });
  const reload = useClaimReload(claim.id);
  const save = useSaveLawsuit(claim.id);
  const stale = useStaleVersion<ClaimDetail>({ record: claim, refetch: reload, reset: (fresh) => form.reset(valuesOf(fresh)) });
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const submit = async (input: ParsedLawsuit) => {
    clearFailure();
    try {
      await save.mutateAsync({ body: input, ifMatch: stale.version ?? claim.version });
      notify.success('Demanda guardada', claim.number);
      onDone();
    } catch (error) {
      if (stale.caughtStale(error)) return;
      showFailure(error, { title: saveError, shownFields, toast: () => notify.error(saveError) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-5 space-y-4">
      <StaleVersionAlert state={stale} />
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Juzgado" required maxLength={200} error={errors.court?.message} {...register('court')} />
        <TextField label="Expediente judicial" required maxLength={60} autoComplete="off" error={errors.caseNumber?.message} {...register('caseNumber')} />
        {lawsuitSteps.map((step) => (
          <TextField key={step} label={lawsuitStepLabels[step]} type="date" required={step === 'filedOn'} error={errors[step]?.message} {...register(step)} />
        ))}
      </div>
      <TextAreaField label="Notas" maxLength={2000} hint="Opcional. Internas: el propietario no las ve." error={errors.notes?.message} {...register('notes')} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Guardando...' : 'Guardar demanda'}
        </Button>
      </div>
    </form>
  );
}
