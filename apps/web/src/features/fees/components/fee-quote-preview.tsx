import { formatPesos, type PolicyType } from '@portal/domain';
import { useFeeQuotePreview } from '../api';

interface FeeQuotePreviewProps {
  policyType: PolicyType | '';
  /** The rent as typed. */
  rent: string;
  branchId?: number | undefined;
}

/**
 * The fee the branch's tariff gives this rent and policy type, before saving (the policy form,
 * the lead's conversion): read only. Saving the policy writes the same quote (the server's).
 */
export function FeeQuotePreviewSummary({ policyType, rent, branchId }: FeeQuotePreviewProps) {
  const quote = useFeeQuotePreview({ policyType, rent, branchId });
  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
      <p className="font-medium text-slate-700 dark:text-slate-300">Honorarios de la póliza</p>
      {!quote.isEnabled ? (
        <p className="text-slate-600 dark:text-slate-400">Se cotizan al capturar la renta mensual.</p>
      ) : quote.isError ? (
        <p className="text-red-700 dark:text-red-400">No se pudieron cotizar los honorarios.</p>
      ) : quote.data ? (
        <p className="text-slate-900 tabular-nums dark:text-white">
          {formatPesos(quote.data.subtotal)} + IVA {formatPesos(quote.data.iva)} = <span className="font-semibold">{formatPesos(quote.data.total)}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {quote.data.baseAmount === quote.data.minimum ? 'Mínimo de la tarifa' : `${quote.data.ratePercent} % de un mes de renta`} · tarifa{' '}
            {quote.data.tariffVersion === 0 ? 'del portal' : `versión ${quote.data.tariffVersion}`}
          </span>
        </p>
      ) : (
        <p className="text-slate-500">Cotizando...</p>
      )}
    </div>
  );
}
