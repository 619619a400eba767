import { useState } from 'react';
import { FileCode, FileText } from 'lucide-react';
import { feeManagerRoles, formatPesos, hasRole, invoiceStateLabels, type Invoice } from '@portal/domain';
import { DownloadButton } from '@/components/download-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { fetchInvoiceFile } from '../api';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';

/** The invoice's state as the row reads it: a pending cancellation is still Vigente, and says so. */
function stateLabel(invoice: Pick<Invoice, 'state' | 'cancellationStatus'>): string {
  if (invoice.state === 'valid' && invoice.cancellationStatus === 'pending') return 'Vigente · cancelación en espera';
  return invoiceStateLabels[invoice.state];
}

/** An invoice in a line: folio, UUID, total, state, 'Factura de prueba', XML and PDF, and 'Cancelar factura' for managers. */
export function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  const { user } = useSession();
  const [cancelling, setCancelling] = useState(false);
  const folio = `${invoice.series}${invoice.folioNumber ?? ''}`;
  const canCancel = hasRole(user?.role, feeManagerRoles) && invoice.state === 'valid' && invoice.cancellationStatus !== 'pending';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Factura {folio}</span>
      <Badge tone={invoice.state === 'canceled' ? 'danger' : 'success'}>{stateLabel(invoice)}</Badge>
      {invoice.livemode ? null : <Badge tone="brand">Factura de prueba</Badge>}
      <span className="tabular-nums">{formatPesos(invoice.total)}</span>
      {invoice.uuid ? <span className="font-mono text-xs break-all text-slate-500 dark:text-slate-400">{invoice.uuid}</span> : null}
      <DownloadButton label="XML" icon={FileCode} fetchFile={() => fetchInvoiceFile(invoice.id, 'xml')} fileName={`factura_${folio}_${invoice.uuid}.xml`} errorTitle="No se pudo descargar el XML" />
      <DownloadButton label="PDF" icon={FileText} fetchFile={() => fetchInvoiceFile(invoice.id, 'pdf')} fileName={`factura_${folio}_${invoice.uuid}.pdf`} errorTitle="No se pudo descargar el PDF" />
      {canCancel ? (
        <Button size="sm" variant="danger-outline" onClick={() => setCancelling(true)}>
          Cancelar factura
        </Button>
      ) : null}
      {cancelling ? <CancelInvoiceDialog invoice={invoice} onClose={() => setCancelling(false)} /> : null}
    </div>
  );
}
