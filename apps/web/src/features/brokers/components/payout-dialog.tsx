import { useState } from 'react';
import { Banknote } from 'lucide-react';
import { businessDate, centsToMoney, formatPesos, moneyToCents, payoutFigures, payoutInputSchema, type Broker, type CommissionEntry } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { usePayCommissions } from '../api';

const signedCents = (money: string) => (money.startsWith('-') ? -1 : 1) * (moneyToCents(money.replace(/^-/, '')) ?? 0);

/** The figures the transfer will have, as the server computes them (the domain's payoutFigures). */
function PayoutSummary({ broker, grossCents }: { broker: Broker; grossCents: number }) {
  const figures = payoutFigures(grossCents, broker);
  const lines: Array<[string, number]> = [
    ['Comisión (bruto)', figures.grossCents],
    [`IVA (${broker.commissionIvaPercent} %)`, figures.ivaCents],
    [`Retención de ISR (${broker.isrWithholdingPercent} %)`, -figures.isrWithheldCents],
    [`Retención de IVA (${broker.ivaWithholdingPercent} %)`, -figures.ivaWithheldCents],
  ];
  return (
    <dl aria-label="Resumen del pago" className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      {lines.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatPesos(centsToMoney(cents))}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold dark:border-slate-700">
        <dt>Neto a transferir</dt>
        <dd className="tabular-nums">{formatPesos(centsToMoney(figures.netCents))}</dd>
      </div>
    </dl>
  );
}

/** 'Pagar comisiones': choose pending entries, the transfer's date and reference; confirm before sending. */
export function PayoutButton({ broker, pending }: { broker: Broker; pending: CommissionEntry[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)} disabled={pending.length === 0}>
        <Banknote aria-hidden="true" />
        Pagar comisiones
      </Button>
      <DialogContent title="Pagar comisiones" description={`Una transferencia a ${broker.name}${broker.clabe ? `, CLABE ${broker.clabe}` : ''}.`} className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <PayoutForm broker={broker} pending={pending} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PayoutForm({ broker, pending, onDone }: { broker: Broker; pending: CommissionEntry[]; onDone: () => void }) {
  const today = businessDate();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(pending.filter((entry) => signedCents(entry.amount) !== 0).map((entry) => entry.id)));
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pay = usePayCommissions(broker.id);
  const grossCents = pending.filter((entry) => chosen.has(entry.id)).reduce((sum, entry) => sum + signedCents(entry.amount), 0);
  const body = { entryIds: [...chosen], paidOn, reference };

  const toggle = (id: number, on: boolean) => setChosen((current) => new Set([...current].filter((item) => item !== id).concat(on ? [id] : [])));

  const review = () => {
    const parsed = payoutInputSchema.safeParse(body);
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    if (parsed.success && grossCents <= 0) found.entryIds = 'El total de las comisiones seleccionadas debe ser mayor que cero';
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = async () => {
    setFailure(null);
    try {
      const payout = await pay.mutateAsync(body);
      notify.success('Comisiones pagadas', `${formatPesos(payout.net)} · ${payout.reference}`);
      onDone();
    } catch (error) {
      setConfirming(false);
      if (isSessionExpired(error)) return;
      const details = isApiError(error) ? Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])) : {};
      setErrors(details);
      setFailure(errorMessage(error));
    }
  };

  return (
    <div className="mt-5 space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Comisiones pendientes</legend>
        {pending.map((entry) => (
          <CheckboxField
            key={entry.id}
            label={`${entry.folio} · ${entry.earnedOn} · ${formatPesos(entry.amount)}${entry.note ? ` · ${entry.note}` : ''}`}
            checked={chosen.has(entry.id)}
            onChange={(event) => toggle(entry.id, event.target.checked)}
          />
        ))}
        {errors.entryIds ? <p className="text-xs text-red-700 dark:text-red-400">{errors.entryIds}</p> : null}
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Fecha de pago" required type="date" max={today} value={paidOn} onChange={(event) => setPaidOn(event.target.value)} error={errors.paidOn} />
        <TextField label="Referencia" required maxLength={100} autoComplete="off" hint="Folio SPEI de la transferencia" value={reference} onChange={(event) => setReference(event.target.value)} error={errors.reference} />
      </div>
      <PayoutSummary broker={broker} grossCents={grossCents} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary">Cancelar</Button>
        </DialogClose>
        <Button onClick={review}>Pagar comisiones</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Confirmar pago de comisiones"
        description={`Se registrará una transferencia neta de ${formatPesos(centsToMoney(payoutFigures(grossCents, broker).netCents))} a ${broker.name} con la referencia ${reference.trim()}. Las comisiones quedarán como Pagadas.`}
        confirmLabel="Confirmar pago"
        busy={pay.isPending}
        onConfirm={() => void send()}
      />
    </div>
  );
}
