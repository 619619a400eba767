import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { feePayerLabels, feePayers, formatPesos, policyFeeInputSchema, type FeePayer, type PolicyFee, type PolicyFeeInput } from '@portal/domain';
import { notify } from '@/lib/toast';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { ReasonField } from '@/components/ui/reason-field';
import { useUpdateFee } from '../api';
import { useFeeVersion } from './use-fee-version';

/** 'Editar honorarios': who pays and the tariff's extras (staff); a discount with its reason (managers). */
export function EditFeeButton({ fee, canDiscount }: { fee: PolicyFee; canDiscount: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <Pencil aria-hidden="true" />
          Editar honorarios
        </Button>
      </DialogTrigger>
      <DialogContent title="Editar honorarios" description="El porcentaje y el mínimo quedan como se cotizaron; un descuento requiere motivo." className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <EditFeeForm fee={fee} canDiscount={canDiscount} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditFeeForm({ fee, canDiscount, onDone }: { fee: PolicyFee; canDiscount: boolean; onDone: () => void }) {
  const update = useUpdateFee(fee.policyId);
  const { version, staleMessage, caughtStale, clearStale } = useFeeVersion(fee.policyId, fee.version);
  const [payer, setPayer] = useState<FeePayer>(fee.payer);
  const [share, setShare] = useState(fee.ownerSharePercent ?? '50');
  const [extras, setExtras] = useState<string[]>(fee.quote?.extras.map((extra) => extra.key) ?? []);
  const [discount, setDiscount] = useState(fee.quote?.discount ?? '0.00');
  const [reason, setReason] = useState(fee.quote?.discountReason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const collected = fee.collected !== '0.00';

  const save = () => {
    clearStale();
    const body: PolicyFeeInput = { payer, ...(payer === 'split' ? { ownerSharePercent: share } : {}), ...(collected ? {} : { extras }), ...(canDiscount ? { discount, discountReason: reason } : {}) };
    const parsed = policyFeeInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    update.mutate(
      { body, ifMatch: version },
      {
        onSuccess: () => {
          notify.success('Honorarios actualizados');
          onDone();
        },
        onError: (failure) => {
          if (isSessionExpired(failure) || caughtStale(failure)) return;
          const details = isApiError(failure) ? failure.details : [];
          setErrors(details.length > 0 ? Object.fromEntries(details.map((detail) => [detail.field, detail.message])) : { form: errorMessage(failure) });
        },
      },
    );
  };

  return (
    <div className="mt-5 space-y-4">
      {staleMessage ? <Alert>{staleMessage}</Alert> : null}
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <SelectField label="Quién paga" value={payer} onChange={(event) => setPayer(event.target.value as FeePayer)} error={errors.payer}>
        {feePayers.map((value) => (
          <option key={value} value={value}>
            {feePayerLabels[value]}
          </option>
        ))}
      </SelectField>
      {payer === 'split' ? (
        <TextField label="Porcentaje del propietario" inputMode="decimal" value={share} onChange={(event) => setShare(event.target.value)} hint="El inquilino paga el resto." error={errors.ownerSharePercent} />
      ) : null}
      {fee.offeredExtras.length > 0 ? (
        <fieldset className="space-y-2" disabled={collected}>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Extras de la tarifa</legend>
          {fee.offeredExtras.map((extra) => (
            <label key={extra.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={extras.includes(extra.key)}
                onChange={(event) => setExtras(event.target.checked ? [...extras, extra.key] : extras.filter((key) => key !== extra.key))}
              />
              {extra.label} ({formatPesos(extra.amount)})
            </label>
          ))}
          {errors.extras ? <p className="text-xs text-red-700 dark:text-red-400">{errors.extras}</p> : null}
        </fieldset>
      ) : null}
      {canDiscount ? (
        <>
          <TextField label="Descuento (antes de IVA)" inputMode="decimal" value={discount} onChange={(event) => setDiscount(event.target.value)} error={errors.discount} />
          <ReasonField label="Motivo del descuento" hint="Obligatorio con un descuento: aparece en el reporte de facturación." value={reason} onChange={setReason} error={errors.discountReason} max={500} />
        </>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={update.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button onClick={save} disabled={update.isPending} aria-busy={update.isPending || undefined}>
          {update.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </div>
  );
}
