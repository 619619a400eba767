import { useId, useState } from 'react';
import { formatPesos, pagareStateLabels, periodLabel, rentMonthStateLabels, type RentLedger, type RentMonth } from '@portal/domain';
import { cn } from '@/lib/cn';
import { MonthDialog } from './month-dialog';
import { monthStateClasses, monthStateDotClasses } from './rent-format';

/**
 * The year at a glance: a cell per month (6 a row on a laptop, 3 on a phone), each a button that
 * opens the month's details. The state is written in each cell; the colour only repeats it.
 */
export function YearGrid({ ledger, canAsk, canWaive }: { ledger: RentLedger; canAsk: boolean; canWaive: boolean }) {
  const [openPeriod, setOpenPeriod] = useState<string | null>(null);
  const headingId = useId();
  const open = ledger.rows.find((row) => row.period === openPeriod) ?? null;
  return (
    <div className="space-y-3 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        {ledger.scheduled ? 'Calendario de rentas' : 'Calendario previsto'}
      </h3>
      <ul aria-labelledby={headingId} className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {ledger.rows.map((month) => (
          <li key={month.period}>
            <MonthCell month={month} onOpen={() => setOpenPeriod(month.period)} />
          </li>
        ))}
      </ul>
      <MonthDialog
        month={open}
        payments={ledger.payments}
        policyId={ledger.policyId}
        version={ledger.version}
        canAsk={canAsk}
        canWaive={canWaive}
        onOpenChange={(next) => {
          if (!next) setOpenPeriod(null);
        }}
      />
    </div>
  );
}

function MonthCell({ month, onOpen }: { month: RentMonth; onOpen: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className={cn(
        'flex h-full w-full flex-col items-start gap-1 rounded-lg border p-2.5 text-left text-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        monthStateClasses[month.state],
      )}
    >
      <span className="font-medium capitalize">{periodLabel(month.period)}</span>
      <span className="tabular-nums">{formatPesos(month.amountDue)}</span>
      <span className="flex items-start gap-1.5 text-xs font-medium">
        <span aria-hidden="true" className={cn('mt-1 size-2 shrink-0 rounded-full', monthStateDotClasses[month.state])} />
        {rentMonthStateLabels[month.state]}
      </span>
      <span className="text-xs opacity-80">
        Pagaré {month.pagare.number}/{month.pagare.of}: {pagareStateLabels[month.pagare.state]}
      </span>
    </button>
  );
}
