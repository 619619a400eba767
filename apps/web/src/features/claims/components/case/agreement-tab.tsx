import { agreementStateLabels, formatPesos, instalmentStateLabels, moneyToCents, type Agreement, type ClaimDetail, type Instalment } from '@portal/domain';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-panels';
import type { ClaimAccess } from './claim-access';
import { formatMexicoDateTime } from './claim-format';
import { AgreementButton } from './agreement-form';
import { InstalmentPaymentButton } from './instalment-payment-dialog';
import { InstalmentPayments } from './instalment-payments';

const agreementTones = { active: 'brand', broken: 'danger', fulfilled: 'success', cancelled: 'neutral' } as const;

/** 'Convenio de pago': the instalments, each tracked as a month of rent is (paid, late…), and their payments. */
export function AgreementTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  const agreement = claim.agreement;
  const canCreate = access.canEdit && agreement?.state !== 'active';
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">Una parcialidad vencida sin pagar regresa la incidencia a Gestión extrajudicial, con aviso.</p>
        {canCreate ? <AgreementButton claim={claim} renewing={agreement !== null} /> : null}
      </div>
      {agreement ? (
        <AgreementCard agreement={agreement} canPay={access.canEdit && agreement.state === 'active'} canReverse={access.canReverse} />
      ) : (
        <EmptyState title="Sin convenio" description="El inquilino no ha firmado un convenio de pago en esta incidencia." />
      )}
    </>
  );
}

function AgreementCard({ agreement, canPay, canReverse }: { agreement: Agreement; canPay: boolean; canReverse: boolean }) {
  return (
    <Card className="space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <Badge tone={agreementTones[agreement.state]}>Convenio {agreementStateLabels[agreement.state].toLowerCase()}</Badge>
        <span>
          Total <strong className="tabular-nums">{formatPesos(agreement.total)}</strong>
        </span>
        <span>
          Pagado <strong className="tabular-nums">{formatPesos(agreement.paid)}</strong>
        </span>
        <span className="text-slate-500 dark:text-slate-400">Firmado el {formatMexicoDateTime(agreement.createdAt)}</span>
      </div>
      {agreement.notes ? <p className="text-sm whitespace-pre-line">{agreement.notes}</p> : null}
      <ol aria-label="Parcialidades" className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {agreement.instalments.map((instalment) => (
          <InstalmentRow key={instalment.id} instalment={instalment} of={agreement.instalments.length} canPay={canPay} canReverse={canReverse} />
        ))}
      </ol>
    </Card>
  );
}

function InstalmentRow({ instalment, of, canPay, canReverse }: { instalment: Instalment; of: number; canPay: boolean; canReverse: boolean }) {
  const late = instalment.state === 'late';
  return (
    <li className={cn('flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between', late && 'bg-red-50 dark:bg-red-950/40')}>
      <div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="font-medium">
            Parcialidad {instalment.seq} de {of}
          </span>
          <span className="tabular-nums">{formatDate(instalment.dueOn)}</span>
          <span className="tabular-nums">{formatPesos(instalment.amount)}</span>
          <span className={cn('font-medium', late ? 'text-red-700 dark:text-red-400' : instalment.state === 'paid' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-600 dark:text-slate-400')}>
            {instalmentStateLabels[instalment.state]}
          </span>
          {(moneyToCents(instalment.paid) ?? 0) > 0 ? (
            <span className="text-slate-600 dark:text-slate-400">
              Pagado {formatPesos(instalment.paid)}
              {instalment.paidOn ? ` el ${formatDate(instalment.paidOn)}` : ''}
            </span>
          ) : null}
        </div>
        <InstalmentPayments instalment={instalment} canReverse={canReverse} />
      </div>
      {canPay && instalment.state !== 'paid' ? <InstalmentPaymentButton instalment={instalment} of={of} /> : null}
    </li>
  );
}
