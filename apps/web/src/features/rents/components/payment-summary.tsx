import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/cn';

interface RecordedPayment {
  reference: string;
  reversal: { reason: string; by: string; at: string } | null;
  recordedBy: string;
  recordedAt: string;
}

/**
 * A recorded payment in its list (rents, issue 32; the fee, issue 34): what and when, struck
 * through with its reason once reversed, otherwise `detail` (what it covered), and who recorded it.
 */
export function PaymentSummary({ title, payment, detail }: { title: string; payment: RecordedPayment; detail?: ReactNode }) {
  return (
    <div className="min-w-0 flex-1 basis-64 space-y-0.5">
      <p className={cn('font-medium text-slate-900 tabular-nums dark:text-white', payment.reversal && 'text-slate-500 line-through dark:text-slate-400')}>
        {title}
        {payment.reference ? <span className="font-normal"> · Ref. {payment.reference}</span> : null}
      </p>
      {payment.reversal ? (
        <p className="text-red-700 dark:text-red-400">
          Revertido: {payment.reversal.reason}
          <span className="text-slate-600 dark:text-slate-400">
            {' '}
            ({payment.reversal.by}, {formatDateTime(payment.reversal.at)})
          </span>
        </p>
      ) : detail ? (
        <p className="text-slate-700 dark:text-slate-300">{detail}</p>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Registró {payment.recordedBy || 'Usuario eliminado'} · {formatDateTime(payment.recordedAt)}
      </p>
    </div>
  );
}
