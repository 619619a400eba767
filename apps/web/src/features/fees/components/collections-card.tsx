import { Link } from 'react-router';
import { Receipt } from 'lucide-react';
import { feeManagerRoles, formatPesos, hasRole } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Card } from '@/components/ui/card';
import { useSession } from '@/features/auth';
import { useFeeCollections } from '../api';

/** The dashboard's 'Cobranza del mes' (managers, admins): fees collected this month against what is pending; opens 'Facturación'. */
export function CollectionsCard() {
  const allowed = hasRole(useSession().user?.role, feeManagerRoles);
  const collections = useFeeCollections(allowed);
  if (!allowed) return null;
  const data = collections.data;
  return (
    <Card className="p-0">
      <Link
        to={paths.billing.report.to()}
        className="flex items-center gap-4 rounded-xl p-5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800/60"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300">
          <Receipt aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">Cobranza del mes</span>
          {collections.isError ? (
            <span className="block text-sm text-red-700 dark:text-red-400">No se pudo cargar la cobranza.</span>
          ) : data ? (
            <span className="block">
              <span className="text-2xl font-semibold tabular-nums">{formatPesos(data.collected)}</span>
              <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">
                cobrado · {formatPesos(data.pending)} pendiente ({data.pendingPolicies} {data.pendingPolicies === 1 ? 'póliza' : 'pólizas'})
              </span>
            </span>
          ) : (
            <span className="block text-sm text-slate-500">Cargando...</span>
          )}
        </span>
      </Link>
    </Card>
  );
}
