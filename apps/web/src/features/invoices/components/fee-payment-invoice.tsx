import { useState } from 'react';
import { FileCheck } from 'lucide-react';
import { feeRecorderRoles, hasRole, invoiceMessages, type Invoice } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { useSession } from '@/features/auth';
import { useInvoicingSettings, usePolicyInvoices } from '../api';
import { InvoiceSummary } from './invoice-summary';
import { IssueInvoiceDialog } from './issue-invoice-dialog';

export interface FeePaymentInvoiceProps {
  policyId: number;
  payment: { id: number; amount: string; reversed: boolean };
  /** The payment's standing invoice as the fee's answer lists it, or null. */
  invoice: Pick<Invoice, 'id' | 'state' | 'uuid' | 'total'> | null;
  /** The fee's IVA rate, for the amounts the dialog shows ('16.00' unless told). */
  ivaPercent?: string;
}

/**
 * A fee payment's invoice in its row of the fee payments list (issue 34): 'Facturar' while it has
 * none, its summary with XML, PDF and 'Cancelar factura' once it has. Invoicing off (no
 * FACTURAPI_KEY): 'Facturar' is disabled with the reason beside it.
 */
export function FeePaymentInvoice({ policyId, payment, invoice, ivaPercent = '16.00' }: FeePaymentInvoiceProps) {
  const { user } = useSession();
  const settings = useInvoicingSettings();
  // The full invoice (folio, livemode, cancellation) from the policy's invoices, once there is one.
  const invoices = usePolicyInvoices(policyId, invoice !== null);
  const [open, setOpen] = useState(false);
  if (invoice) {
    const full = invoices.data?.find((each) => each.id === invoice.id);
    return full ? <InvoiceSummary invoice={full} /> : <span className="text-sm text-slate-500">Factura {invoice.uuid ?? ''}</span>;
  }
  if (payment.reversed || !hasRole(user?.role, feeRecorderRoles)) return null;
  const off = settings.data?.enabled === false;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="sm" variant="secondary" disabled={off || settings.isPending} aria-describedby={off ? `facturacion-apagada-${payment.id}` : undefined}>
            <FileCheck aria-hidden="true" />
            Facturar
          </Button>
        </DialogTrigger>
        {open ? <IssueInvoiceDialog policyId={policyId} payment={payment} ivaPercent={ivaPercent} onDone={() => setOpen(false)} /> : null}
      </Dialog>
      {off ? (
        <span id={`facturacion-apagada-${payment.id}`} className="text-xs text-slate-500 dark:text-slate-400">
          {invoiceMessages.notConfigured}
        </span>
      ) : settings.data?.testMode ? (
        <span className="text-xs text-slate-500 dark:text-slate-400">Factura de prueba</span>
      ) : null}
    </div>
  );
}
