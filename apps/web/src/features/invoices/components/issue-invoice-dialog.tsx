import { useState, type FormEvent } from 'react';
import {
  cfdiLegalName,
  formatPesos,
  invoiceAmounts,
  invoiceRequestSchema,
  invoiceUsesFor,
  moneyToCents,
  satInvoiceUses,
  satTaxSystems,
  taxpayerKindOf,
  taxSystemsFor,
} from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useIssueInvoice } from '../api';

type Field = 'customer.rfc' | 'customer.legalName' | 'customer.taxSystem' | 'customer.zip' | 'use';

interface IssueInvoiceDialogProps {
  policyId: number;
  payment: { id: number; amount: string };
  /** The fee's IVA rate, to show the split the API will make ('16.00'). */
  ivaPercent: string;
  onDone: () => void;
}

/**
 * The 'Facturar' dialog's content (issue 34). Mounted on each opening, so its Idempotency-Key is
 * one per opening: a double click, or a retry after a lost answer, makes one invoice. The régimen
 * select offers the régimenes of the RFC's kind (física or moral), the uso select those of the
 * régimen; the API checks the same and the RFC's check digit.
 */
export function IssueInvoiceDialog({ policyId, payment, ivaPercent, onDone }: IssueInvoiceDialogProps) {
  const [key] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState({ rfc: '', legalName: '', taxSystem: '', zip: '', use: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const issue = useIssueInvoice(policyId);

  const kind = taxpayerKindOf(values.rfc.trim());
  const systems = kind ? taxSystemsFor(kind) : [];
  const uses = values.taxSystem ? invoiceUsesFor(values.taxSystem) : [];
  const amounts = invoiceAmounts(moneyToCents(payment.amount) ?? 0, ivaPercent);

  const change = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => {
      const next = { ...current, [name]: value };
      // A choice the new RFC or régimen no longer allows is cleared rather than sent.
      const nextKind = taxpayerKindOf(next.rfc.trim());
      if (!nextKind || !taxSystemsFor(nextKind).includes(next.taxSystem)) next.taxSystem = '';
      if (!next.taxSystem || !invoiceUsesFor(next.taxSystem).includes(next.use)) next.use = '';
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (issue.isPending) return;
    setFailure(null);
    const body = { customer: { rfc: values.rfc, legalName: values.legalName, taxSystem: values.taxSystem, zip: values.zip }, use: values.use };
    const parsed = invoiceRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    issue.mutate(
      { paymentId: payment.id, body, key },
      {
        onSuccess: (invoice) => {
          notify.success('Factura emitida', `${invoice.series}${invoice.folioNumber ?? ''} · ${formatPesos(invoice.total)}`);
          onDone();
        },
        onError: (error) => {
          if (isSessionExpired(error)) return;
          const details = isApiError(error) ? error.details : [];
          setErrors(Object.fromEntries(details.map((detail) => [detail.field, detail.message])));
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <DialogContent title="Facturar pago" description={`CFDI 4.0 por el pago de ${formatPesos(payment.amount)}, IVA incluido.`} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        {failure ? (
          <Alert>
            <p className="font-medium">No se emitió la factura</p>
            <p className="mt-1">{failure}</p>
          </Alert>
        ) : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="RFC" required autoComplete="off" maxLength={13} hint="12 caracteres persona moral, 13 persona física" error={errors['customer.rfc']} value={values.rfc} onChange={change('rfc')} />
          <TextField label="Código postal" required inputMode="numeric" maxLength={5} hint="El del domicilio fiscal" error={errors['customer.zip']} value={values.zip} onChange={change('zip')} />
          <TextField
            label="Razón social"
            required
            fieldClassName="sm:col-span-2"
            maxLength={300}
            hint={values.legalName.trim() ? `Se timbrará como: ${cfdiLegalName(values.legalName, kind)}` : 'Como en la Constancia de Situación Fiscal, sin el régimen de capital (S.A. de C.V.)'}
            error={errors['customer.legalName']}
            value={values.legalName}
            onChange={change('legalName')}
          />
          <SelectField label="Régimen fiscal" required fieldClassName="sm:col-span-2" disabled={!kind} error={errors['customer.taxSystem']} value={values.taxSystem} onChange={change('taxSystem')}>
            <option value="">{kind ? `Seleccione el régimen (persona ${kind === 'fisica' ? 'física' : 'moral'})` : 'Escriba primero el RFC'}</option>
            {systems.map((system) => (
              <option key={system} value={system}>
                {system} · {satTaxSystems[system]!.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Uso del CFDI" required fieldClassName="sm:col-span-2" disabled={!values.taxSystem} error={errors.use} value={values.use} onChange={change('use')}>
            <option value="">{values.taxSystem ? 'Seleccione el uso' : 'Seleccione primero el régimen'}</option>
            {uses.map((use) => (
              <option key={use} value={use}>
                {use} · {satInvoiceUses[use]!.label}
              </option>
            ))}
          </SelectField>
        </div>
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/50" aria-label="Importes de la factura">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Subtotal</dt>
            <dd className="font-medium tabular-nums">{formatPesos(amounts.subtotal)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">IVA {Number(ivaPercent)} %</dt>
            <dd className="font-medium tabular-nums">{formatPesos(amounts.iva)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Total</dt>
            <dd className="font-medium tabular-nums">{formatPesos(amounts.total)}</dd>
          </div>
        </dl>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={issue.isPending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button type="submit" disabled={issue.isPending}>
            {issue.isPending ? 'Timbrando...' : 'Emitir factura'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
