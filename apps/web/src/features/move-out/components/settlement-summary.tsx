import { formatPesos, moneyToCents, settleDeposit, type MoveOutActa } from '@portal/domain';
import { cn } from '@/lib/cn';

/** An amount as typed ('1,200.50'), in cents; what is not an amount counts as nothing until the form says so. */
const typedCents = (text: string | number | undefined) => {
  if (typeof text === 'number') return Number.isFinite(text) ? Math.round(text * 100) : 0;
  const cents = moneyToCents(text ?? '');
  return cents !== null && cents >= 0 ? cents : 0;
};

export interface SettlementFigures {
  /** From the server: the policy's deposit and the rent owed up to the delivery day. */
  settlement: MoveOutActa['settlement'];
  /** As typed in the form (the draft), or the saved ones (a sent acta). */
  damages: ReadonlyArray<{ amount: string | number }>;
  unpaidServices: string | number;
}

/** The deposit's settlement as the form stands: deposit − damages − unpaid rent − unpaid services, in cents. */
function liveSettlement({ settlement, damages, unpaidServices }: SettlementFigures) {
  return settleDeposit({
    depositCents: typedCents(settlement.deposit),
    damagesCents: damages.map((damage) => typedCents(damage.amount)),
    unpaidRentCents: typedCents(settlement.unpaidRent),
    unpaidServicesCents: typedCents(unpaidServices),
  });
}

/** 'Liquidación del depósito', updated as the damages and services are typed. */
export function SettlementSummary(figures: SettlementFigures) {
  const result = liveSettlement(figures);
  const lines = [
    { label: 'Depósito en garantía', value: formatPesos(result.depositCents) },
    { label: 'Daños', value: `− ${formatPesos(result.damagesCents)}` },
    { label: 'Rentas pendientes', value: `− ${formatPesos(result.unpaidRentCents)}` },
    { label: 'Servicios pendientes', value: `− ${formatPesos(result.unpaidServicesCents)}` },
  ];
  return (
    <section aria-labelledby="liquidacion" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="liquidacion" className="text-base font-semibold">
        Liquidación del depósito
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{line.label}</dt>
            <dd className="tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      <p
        role="status"
        className={cn(
          'mt-3 border-t border-slate-200 pt-3 font-semibold dark:border-slate-800',
          result.kind === 'owed' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {result.label}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Las rentas pendientes son las vencidas hasta la fecha de entrega guardada, según el calendario de rentas.</p>
    </section>
  );
}
