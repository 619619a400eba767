import { CheckCircle2, AlertTriangle, FileText, Info } from 'lucide-react';
import { arrearsSummary, businessDate, hasRole, lateInterestMessages, moneyToCents, paymentRecorderRoles, paymentReverserRoles, policyDisplayFolio, rentMessages, type Policy, type RentLedger } from '@portal/domain';
import { cn } from '@/lib/cn';
import { DownloadButton } from '@/components/download-button';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { FileSection } from '@/features/policies';
import { fetchRentStatement, useRentLedger } from '../api';
import { PaymentsList } from './payments-list';
import { RecordPaymentButton } from './record-payment-dialog';
import { TenantProofs } from './tenant-proofs';
import { ledgerTotals } from './rent-format';
import { YearGrid } from './year-grid';

/** Shown instead of the arrears before activation: the months are what the schedule will be. */
const notScheduledNote = 'El calendario se activa con la póliza: aún no se pueden registrar pagos.';

/** What the signed-in user may do with the ledger: record (staff), reverse and forgive (managers). */
function useRentPermissions(policy: Policy, ledger: RentLedger | undefined) {
  const role = useSession().user?.role;
  return {
    canRecord: hasRole(role, paymentRecorderRoles) && ledger?.scheduled === true && policy.status !== 'cancelled',
    canReverse: hasRole(role, paymentReverserRoles),
    canWaive: hasRole(role, paymentReverserRoles) && ledger?.scheduled === true && policy.status !== 'cancelled',
  };
}

/**
 * 'Rentas' (issue 32): the policy's year of rents in the expediente — whether it is up to date,
 * a cell per month, the payments, and recording or reversing one.
 */
export function RentsSection({ policy }: { policy: Policy }) {
  const ledger = useRentLedger(policy.id);
  const { canRecord, canReverse, canWaive } = useRentPermissions(policy, ledger.data);
  return (
    <FileSection
      id="rentas"
      title="Rentas"
      className="print:hidden"
      actions={
        ledger.data?.scheduled ? (
          <>
            <StatementButton policy={policy} />
            {canRecord ? <RecordPaymentButton policyId={policy.id} version={ledger.data.version} /> : null}
          </>
        ) : null
      }
    >
      <QueryState
        query={ledger}
        loading="Cargando rentas..."
        loadingClassName="py-8"
        errorTitle="Error al cargar las rentas"
        isEmpty={({ rows }) => rows.length === 0}
        empty={<EmptyState title="Sin calendario" description="La póliza no tiene fecha de inicio del contrato o renta." />}
      >
        {(stored) => (
          <Card className="divide-y divide-slate-100 dark:divide-slate-800">
            <LedgerHeader ledger={stored} cancelled={policy.status === 'cancelled'} />
            <YearGrid ledger={stored} canAsk={canRecord} canWaive={canWaive} />
            <PaymentsList ledger={stored} canReverse={canReverse} />
            {stored.scheduled ? <TenantProofs policyId={policy.id} version={stored.version} canDecide={canRecord} /> : null}
          </Card>
        )}
      </QueryState>
    </FileSection>
  );
}

/** The owner's statement: every role that reads the ledger may download it, once the schedule exists. */
function StatementButton({ policy }: { policy: Policy }) {
  return (
    <DownloadButton
      label="Estado de cuenta (PDF)"
      icon={FileText}
      variant="secondary"
      fetchFile={() => fetchRentStatement(policy.id)}
      fileName={rentMessages.statementFileName(policyDisplayFolio(policy), businessDate())}
      errorTitle="No se pudo descargar el estado de cuenta"
    />
  );
}

/** The line that answers 'is it paid?': up to date or the arrears, then the totals. */
function LedgerHeader({ ledger, cancelled }: { ledger: RentLedger; cancelled: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 p-4">
      <div className="space-y-1">
        {ledger.scheduled ? <ArrearsLine ledger={ledger} /> : <Note>{notScheduledNote}</Note>}
        {ledger.scheduled && ledger.lateInterestMonthlyRate !== null && (moneyToCents(ledger.arrears.interest) ?? 0) > 0 ? (
          <Note>{lateInterestMessages.summary(ledger.arrears.interest, ledger.lateInterestMonthlyRate)}</Note>
        ) : null}
        {ledger.scheduled && cancelled ? <Note>{rentMessages.cancelled}</Note> : null}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {ledgerTotals(ledger).map((total) => (
          <div key={total.label}>
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{total.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{total.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ArrearsLine({ ledger }: { ledger: RentLedger }) {
  const upToDate = ledger.arrears.months === 0;
  const Icon = upToDate ? CheckCircle2 : AlertTriangle;
  return (
    <p className={cn('flex items-center gap-2 font-semibold', upToDate ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {arrearsSummary(ledger.arrears)}
    </p>
  );
}

function Note({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <Info aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </p>
  );
}
