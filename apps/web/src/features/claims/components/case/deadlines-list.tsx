import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Plus } from 'lucide-react';
import { claimDeadlineInputSchema, deadlineReminderDays, type ClaimDeadline, type ClaimDetail } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useAddDeadline, useCompleteDeadline } from '../../api/case';
import type { ClaimAccess } from './claim-access';
import { formatMexicoDateTime } from './claim-format';
import { DeadlineDue } from './deadline-due';

/** The términos: pending ones first by their day (a missed one red), then those done. */
export function DeadlinesList({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  const [completing, setCompleting] = useState<ClaimDeadline | null>(null);
  const complete = useCompleteDeadline();
  const deadlines = [...claim.deadlines].sort((a, b) => Number(a.doneAt !== null) - Number(b.doneAt !== null) || a.dueOn.localeCompare(b.dueOn));
  const confirm = () => {
    if (!completing) return;
    complete.mutate(completing.id, {
      onSuccess: () => {
        notify.success('Término cumplido', completing.description);
        setCompleting(null);
      },
      onError: (error) => {
        if (!isSessionExpired(error)) notify.error('No se pudo marcar el término', errorMessage(error));
        setCompleting(null);
      },
    });
  };
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">Términos</h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Aparecen en el calendario; se recuerdan {deadlineReminderDays.join(', ')} días antes al responsable y al gerente.
          </p>
        </div>
        {access.canEdit ? <AddDeadlineButton claimId={claim.id} /> : null}
      </div>
      {deadlines.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Sin términos registrados.</p>
      ) : (
        <ul aria-label="Términos" className="divide-y divide-slate-100 dark:divide-slate-800">
          {deadlines.map((deadline) => (
            <li key={deadline.id} className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
              {deadline.doneAt ? (
                <span className="text-slate-500 dark:text-slate-400">
                  <span className="line-through">
                    {formatDate(deadline.dueOn)} · {deadline.description}
                  </span>{' '}
                  · Cumplido el {formatMexicoDateTime(deadline.doneAt)}
                </span>
              ) : (
                <DeadlineDue deadline={deadline} />
              )}
              {access.canEdit && !deadline.doneAt ? (
                <Button size="sm" variant="secondary" aria-label={`Marcar cumplido: ${deadline.description}`} onClick={() => setCompleting(deadline)}>
                  <CheckCircle2 aria-hidden="true" />
                  Marcar cumplido
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={completing !== null}
        onOpenChange={(next) => {
          if (!next && !complete.isPending) setCompleting(null);
        }}
        title="¿Marcar el término como cumplido?"
        description={completing ? `${formatDate(completing.dueOn)} · ${completing.description}. Deja de recordarse y de contar como pendiente.` : ''}
        confirmLabel="Marcar cumplido"
        busy={complete.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}

type DeadlineValues = { dueOn: string; description: string };
const resolver = zodResolver(claimDeadlineInputSchema) as unknown as Resolver<DeadlineValues, unknown, DeadlineValues>;
const saveError = 'Error al agregar el término';

function AddDeadlineButton({ claimId }: { claimId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Agregar término
        </Button>
      </DialogTrigger>
      <DialogContent title="Agregar término" description="La fecha en que vence y lo que hay que presentar o hacer.">
        <DeadlineForm claimId={claimId} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DeadlineForm({ claimId, onDone }: { claimId: number; onDone: () => void }) {
  const form = useForm<DeadlineValues, unknown, DeadlineValues>({ resolver, defaultValues: { dueOn: '', description: '' } });
  const add = useAddDeadline(claimId);
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const save = async (input: DeadlineValues) => {
    clearFailure();
    try {
      await add.mutateAsync(input);
      notify.success('Término agregado', input.description);
      onDone();
    } catch (error) {
      showFailure(error, { title: saveError, shownFields: ['dueOn', 'description'], toast: () => notify.error(saveError) });
    }
  };
  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <TextField label="Vencimiento" type="date" required error={errors.dueOn?.message} {...form.register('dueOn')} />
      <TextField label="Descripción" required maxLength={300} hint="Por ejemplo: contestar la reconvención, ofrecer pruebas." error={errors.description?.message} {...form.register('description')} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Agregando...' : 'Agregar término'}
        </Button>
      </div>
    </form>
  );
}
