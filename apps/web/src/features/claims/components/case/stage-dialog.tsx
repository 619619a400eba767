import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ArrowRightLeft, RotateCcw } from 'lucide-react';
import { claimResultLabels, claimResults, claimStageInputSchema, claimStages, type ClaimDetail, type ClaimResult, type ClaimStage } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { CheckboxField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useMoveStage } from '../../api/case';
import { stageName } from './claim-format';
import { bodyResolver, TextAreaField } from './claim-form';

interface StageValues {
  stage: ClaimStage | '';
  note: string;
  result: ClaimResult | '';
  notifyOwner: boolean;
}
type ParsedStage = ReturnType<typeof claimStageInputSchema.parse>;

const resolver = bodyResolver(claimStageInputSchema, (values: StageValues) => ({
  stage: values.stage || undefined,
  note: values.note,
  result: values.result || undefined,
  notifyOwner: values.notifyOwner,
}));
const shownFields = ['stage', 'note', 'result', 'notifyOwner'] as const;

/** 'Cambiar etapa' on an open case, 'Reabrir' on a closed one (its note is the reason, the server asks for it). */
export function StageButton({ claim }: { claim: ClaimDetail }) {
  const [open, setOpen] = useState(false);
  const reopening = claim.status === 'closed';
  const title = reopening ? 'Reabrir incidencia' : 'Cambiar etapa';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={reopening ? 'secondary' : 'primary'}>
          {reopening ? <RotateCcw aria-hidden="true" /> : <ArrowRightLeft aria-hidden="true" />}
          {reopening ? 'Reabrir' : 'Cambiar etapa'}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={title}
        description={reopening ? 'La incidencia vuelve a la etapa que elija; escriba en la nota por qué se reabre.' : `Etapa actual: ${claim.stageLabel}. El cambio queda en el historial con quién, cuándo y por qué.`}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <StageForm claim={claim} reopening={reopening} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function StageForm({ claim, reopening, onDone }: { claim: ClaimDetail; reopening: boolean; onDone: () => void }) {
  const form = useForm<StageValues, unknown, ParsedStage>({ resolver, defaultValues: { stage: '', note: '', result: '', notifyOwner: false } });
  const move = useMoveStage(claim.id);
  const [closing, setClosing] = useState<ParsedStage | null>(null);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const stage = useWatch({ control: form.control, name: 'stage' });
  const title = reopening ? 'Error al reabrir la incidencia' : 'Error al cambiar la etapa';
  const choices = claimStages.filter((each) => (reopening ? each !== 'closed' : each !== claim.stage));

  const send = async (input: ParsedStage) => {
    clearFailure();
    try {
      await move.mutateAsync(input);
      const done = reopening ? 'Incidencia reabierta' : input.stage === 'closed' ? 'Incidencia cerrada' : 'Etapa cambiada';
      notify.success(done, input.notifyOwner ? 'Se avisó al propietario.' : undefined);
      onDone();
    } catch (error) {
      setClosing(null);
      showFailure(error, { title, shownFields, toast: () => notify.error(title) });
    }
  };
  // Closing is asked once more: a closed case is read-only until someone reopens it.
  const submit = (input: ParsedStage) => (input.stage === 'closed' ? setClosing(input) : send(input));

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <SelectField label={reopening ? 'Reabrir en la etapa' : 'Nueva etapa'} required error={errors.stage?.message} {...register('stage')}>
        <option value="">Seleccione la etapa</option>
        {choices.map((each) => (
          <option key={each} value={each}>
            {stageName(each, claim)}
          </option>
        ))}
      </SelectField>
      {stage === 'closed' ? (
        <SelectField label="Resultado" required error={errors.result?.message} {...register('result')}>
          <option value="">Seleccione el resultado</option>
          {claimResults.map((result) => (
            <option key={result} value={result}>
              {claimResultLabels[result]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        label="Nota"
        required={reopening}
        maxLength={1000}
        hint={reopening ? 'Obligatoria: el motivo para reabrir.' : 'Por qué cambia (obligatoria al regresar a una etapa anterior). No la ve el propietario.'}
        error={errors.note?.message}
        {...register('note')}
      />
      <CheckboxField label="Avisar al propietario" hint="Le llega un correo con la etapa y el siguiente paso, sin las notas internas." error={errors.notifyOwner?.message} {...register('notifyOwner')} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting || move.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || move.isPending} aria-busy={move.isPending || undefined}>
          {move.isPending ? 'Guardando...' : reopening ? 'Reabrir' : 'Cambiar etapa'}
        </Button>
      </div>
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(next) => {
          if (!next && !move.isPending) setClosing(null);
        }}
        title="¿Cerrar la incidencia?"
        description={`Quedará cerrada como «${closing?.result ? claimResultLabels[closing.result] : ''}». Después solo se consulta, salvo que alguien la reabra con un motivo.`}
        confirmLabel="Cerrar incidencia"
        tone="danger"
        busy={move.isPending}
        onConfirm={() => closing && void send(closing)}
      />
    </form>
  );
}
