import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { feeTariffInputSchema, policyTypeLabels, type FeeTariff, type FeeTariffInput } from '@portal/domain';
import { notify } from '@/lib/toast';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { useSaveTariff } from '../api';

/** What applies from saving: said before and in the confirmation. */
export const tariffChangeNote = 'Los cambios aplican solo a las cotizaciones nuevas: los honorarios ya cotizados conservan su tarifa.';

interface Draft {
  ratePercent: string;
  minimum: string;
  ivaPercent: string;
  extras: Array<{ label: string; amount: string }>;
}

/** 'Editar tarifa': the next version of one branch's tariff for a policy type, confirmed before it is saved. */
export function TariffDialog({ tariff, onClose }: { tariff: FeeTariff; onClose: () => void }) {
  const save = useSaveTariff();
  const [draft, setDraft] = useState<Draft>({ ratePercent: tariff.ratePercent, minimum: tariff.minimum, ivaPercent: tariff.ivaPercent, extras: tariff.extras.map(({ label, amount }) => ({ label, amount })) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<FeeTariffInput | null>(null);
  const title = `Tarifa ${policyTypeLabels[tariff.policyType]} · ${tariff.branchName}`;

  const review = () => {
    const body: FeeTariffInput = { branchId: tariff.branchId, policyType: tariff.policyType, ...draft };
    const parsed = feeTariffInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    setConfirming(body);
  };

  const send = (body: FeeTariffInput) =>
    save.mutate(
      { body, ifMatch: tariff.version },
      {
        onSuccess: (saved) => {
          notify.success('Tarifa guardada', `Versión ${saved.version}`);
          onClose();
        },
        onError: (failure) => {
          setConfirming(null);
          if (isSessionExpired(failure)) return;
          const details = isApiError(failure) && failure.status !== 412 ? failure.details : [];
          setErrors(details.length > 0 ? Object.fromEntries(details.map((detail) => [detail.field, detail.message])) : { form: errorMessage(failure) });
        },
      },
    );

  const setExtra = (index: number, change: Partial<Draft['extras'][number]>) =>
    setDraft({ ...draft, extras: draft.extras.map((extra, at) => (at === index ? { ...extra, ...change } : extra)) });

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent title={title} description={tariffChangeNote} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="mt-5 space-y-4">
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextField label="Porcentaje de la renta" inputMode="decimal" value={draft.ratePercent} onChange={(event) => setDraft({ ...draft, ratePercent: event.target.value })} error={errors.ratePercent} />
            <TextField label="Mínimo" inputMode="decimal" value={draft.minimum} onChange={(event) => setDraft({ ...draft, minimum: event.target.value })} error={errors.minimum} />
            <TextField label="IVA %" inputMode="decimal" value={draft.ivaPercent} onChange={(event) => setDraft({ ...draft, ivaPercent: event.target.value })} error={errors.ivaPercent} />
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Extras opcionales</legend>
            {draft.extras.map((extra, index) => (
              <div key={index} className="flex flex-wrap items-end gap-2">
                <TextField label={`Concepto ${index + 1}`} value={extra.label} onChange={(event) => setExtra(index, { label: event.target.value })} error={errors[`extras.${index}.label`]} fieldClassName="min-w-0 flex-1 basis-48" />
                <TextField label={`Importe ${index + 1}`} inputMode="decimal" value={extra.amount} onChange={(event) => setExtra(index, { amount: event.target.value })} error={errors[`extras.${index}.amount`]} fieldClassName="w-32" />
                <Button variant="ghost" size="sm" aria-label={`Quitar extra ${index + 1}`} onClick={() => setDraft({ ...draft, extras: draft.extras.filter((_, at) => at !== index) })}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {errors.extras ? <p className="text-xs text-red-700 dark:text-red-400">{errors.extras}</p> : null}
            <Button variant="secondary" size="sm" onClick={() => setDraft({ ...draft, extras: [...draft.extras, { label: '', amount: '' }] })}>
              <Plus aria-hidden="true" />
              Agregar extra
            </Button>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
            <DialogClose asChild>
              <Button variant="secondary">Cancelar</Button>
            </DialogClose>
            <Button onClick={review}>Guardar tarifa</Button>
          </div>
        </div>
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => !open && !save.isPending && setConfirming(null)}
          title="¿Guardar la nueva versión de la tarifa?"
          description={`${title}: versión ${tariff.version + 1}. ${tariffChangeNote}`}
          confirmLabel="Guardar"
          busy={save.isPending}
          onConfirm={() => confirming && send(confirming)}
        />
      </DialogContent>
    </Dialog>
  );
}
