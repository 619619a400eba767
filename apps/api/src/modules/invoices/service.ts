import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  feeInvoicePaymentMethod,
  feeInvoiceProductKey,
  feeInvoiceUnitKey,
  feeInvoiceUnitName,
  invoiceAmounts,
  invoiceMessages as messages,
  moneyToCents,
  recordablePaymentMethods,
  satPaymentFormForMethod,
  type Invoice,
  type InvoiceCancelMotive,
  type invoiceRequestSchema,
  type RecordablePaymentMethod,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import type { FileStore } from '../../lib/file-store';
import type { StoredDownload } from '../../plugins/files';
import { parseRfc } from '../../lib/rfc';
import { PacError, type Pac } from './pac/index';
import * as repo from './repository';

/*
 * Issuing a fee payment's CFDI (issue 34). The row is written first, in state 'issuing' and holding
 * the request's Idempotency-Key (unique): two clicks make one invoice, the second answered with the
 * first's invoice once it is stamped, or 409 while it is. The PAC is called outside any transaction
 * (a lock is never held while a remote service thinks). Refused: the row goes, the payment stays,
 * and the PAC's message is shown. Stamped: the row becomes 'valid', its XML and PDF are stored.
 */

export interface InvoiceDeps {
  db: Db;
  files: FileStore;
  /** null: FACTURAPI_KEY is not set and invoicing is off. */
  pac: Pac | null;
  log: FastifyBaseLogger;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toInvoice(row: repo.InvoiceRow): Invoice {
  return {
    id: row.id,
    policyId: row.policyId,
    feePaymentId: row.feePaymentId,
    state: row.state,
    livemode: row.livemode,
    uuid: row.uuid,
    series: row.series,
    folioNumber: row.folioNumber,
    customer: { rfc: row.customerRfc, legalName: row.customerLegalName, taxSystem: row.customerTaxSystem, zip: row.customerZip },
    use: row.use,
    paymentForm: row.paymentForm,
    paymentMethod: row.paymentMethod,
    productKey: row.productKey,
    description: row.description,
    subtotal: row.subtotal,
    iva: row.iva,
    total: row.total,
    issuedAt: iso(row.issuedAt),
    createdAt: row.createdAt.toISOString(),
    cancelMotive: row.cancelMotive as InvoiceCancelMotive | null,
    replacementInvoiceId: row.replacementInvoiceId,
    cancellationStatus: row.cancellationStatus === 'requesting' ? null : row.cancellationStatus,
    canceledAt: iso(row.canceledAt),
  };
}

export function requirePac(pac: Pac | null): Pac {
  if (!pac) throw new AppError(503, messages.notConfigured);
  return pac;
}

/** What the same Idempotency-Key answers again: the invoice once stamped, 409 while it is being stamped. */
function replay(row: repo.InvoiceRow, paymentId: number): Invoice {
  if (row.feePaymentId !== paymentId) throw conflict(messages.keyReused);
  if (row.state === 'issuing') throw conflict(messages.issuing);
  return toInvoice(row);
}

type IssueInput = z.output<typeof invoiceRequestSchema>;

/** POST /api/fee-payments/{id}/invoice: the invoice and whether this request made it (201) or found it (200). */
export async function issueInvoice(deps: InvoiceDeps, actor: AuthUser, paymentId: number, input: IssueInput, key: string): Promise<{ invoice: Invoice; created: boolean }> {
  const pac = requirePac(deps.pac);
  const rfc = parseRfc(input.customer.rfc);
  if (!rfc) throw invalidField('customer.rfc', messages.rfcInvalid);
  const scope = actorScope(actor);
  const earlier = await repo.findByIdempotencyKey(deps.db, key, scope);
  if (earlier) return { invoice: replay(earlier, paymentId), created: false };

  let claimed: Claimed;
  try {
    claimed = await deps.db.transaction((tx) => claimInvoice(tx, pac, actor, paymentId, input, rfc.rfc, key));
  } catch (error) {
    // The same key sent at the same moment from another request that got there first.
    if (!isUniqueViolation(error, 'invoices_idempotency_key_key')) throw error;
    const first = ensure(await repo.findByIdempotencyKey(deps.db, key, scope), conflict(messages.keyReused));
    return { invoice: replay(first, paymentId), created: false };
  }
  if (claimed.kind === 'earlier') return { invoice: replay(claimed.row, paymentId), created: false };
  return { invoice: await stamp(deps, pac, claimed), created: true };
}

/** The row this request wrote ('issuing', with what the PAC is to be sent), or the one its key wrote before. */
type Claimed = { kind: 'earlier'; row: repo.InvoiceRow } | { kind: 'new'; row: repo.InvoiceRow; unitPrice: string; ivaPercent: string };

/** Under the payment's lock: the checks, then the 'issuing' row that holds the key. */
async function claimInvoice(tx: Executor, pac: Pac, actor: AuthUser, paymentId: number, input: IssueInput, rfc: string, key: string): Promise<Claimed> {
  const scope = actorScope(actor);
  const payment = ensure(await repo.lockPaymentToInvoice(tx, paymentId, scope), notFound(messages.paymentNotFound));
  // A second request with the key waited for the lock above: the first's row is there now.
  const sameKey = await repo.findByIdempotencyKey(tx, key, scope);
  if (sameKey) return { kind: 'earlier', row: sameKey };
  if (payment.reversed) throw conflict(messages.paymentReversed);
  if (await repo.findStandingForPayment(tx, paymentId)) throw conflict(messages.alreadyInvoiced);
  if (!(recordablePaymentMethods as readonly string[]).includes(payment.method)) throw conflict(messages.paymentMethodNotInvoiceable);
  const amounts = invoiceAmounts(moneyToCents(payment.amount)!, payment.ivaPercent);
  const row = await repo.insertIssuing(tx, {
    policyId: payment.policyId,
    feePaymentId: payment.id,
    branchId: payment.branchId,
    idempotencyKey: key,
    provider: pac.name,
    livemode: !pac.testMode,
    customerRfc: rfc,
    customerLegalName: input.customer.legalName,
    customerTaxSystem: input.customer.taxSystem,
    customerZip: input.customer.zip,
    use: input.use,
    paymentForm: satPaymentFormForMethod[payment.method as RecordablePaymentMethod],
    paymentMethod: feeInvoicePaymentMethod,
    productKey: feeInvoiceProductKey,
    description: `Honorarios de la póliza jurídica de arrendamiento ${payment.policyFolio} (pago del ${payment.receivedOn})`,
    subtotal: amounts.subtotal,
    iva: amounts.iva,
    total: amounts.total,
    createdBy: actor.id,
  });
  return { kind: 'new', row, unitPrice: amounts.unitPrice, ivaPercent: payment.ivaPercent };
}

/** Asks the PAC for the row's invoice; stores what it answers, or removes the row and says why. */
async function stamp(deps: InvoiceDeps, pac: Pac, claimed: Claimed & { kind: 'new' }): Promise<Invoice> {
  const { row } = claimed;
  let issued;
  try {
    issued = await pac.issue({
      externalId: row.idempotencyKey,
      customer: { rfc: row.customerRfc, legalName: row.customerLegalName, taxSystem: row.customerTaxSystem, zip: row.customerZip },
      use: row.use,
      paymentForm: row.paymentForm,
      paymentMethod: row.paymentMethod,
      item: { description: row.description, productKey: row.productKey, unitKey: feeInvoiceUnitKey, unitName: feeInvoiceUnitName, unitPrice: claimed.unitPrice, ivaPercent: claimed.ivaPercent },
    });
  } catch (error) {
    await repo.deleteIssuing(deps.db, row.id);
    throw pacFailure(error, deps.log);
  }
  const valid = await repo.markValid(deps.db, row.id, issued);
  await Promise.all([storePacFile(deps, pac, valid, 'xml'), storePacFile(deps, pac, valid, 'pdf')]);
  return toInvoice(valid);
}

/** The PAC's refusal as the user reads it (422, its own message), or 502 when it could not be asked. */
export function pacFailure(error: unknown, log: FastifyBaseLogger, describe = messages.pacRejected): AppError {
  if (!(error instanceof PacError)) return error instanceof AppError ? error : new AppError(502, messages.pacUnavailable);
  if (error.kind === 'unavailable') {
    log.error({ err: error }, 'invoices: the PAC could not be reached');
    return new AppError(502, messages.pacUnavailable);
  }
  const message = describe(error.message);
  const field = error.path ? pacFieldNames[error.path] : undefined;
  return new AppError(422, message, field ? [{ field, message }] : undefined);
}

/** Facturapi's field names → ours, so the dialog marks the field the PAC refused. */
const pacFieldNames: Record<string, string> = {
  'customer.tax_id': 'customer.rfc',
  'customer.legal_name': 'customer.legalName',
  'customer.tax_system': 'customer.taxSystem',
  'customer.address.zip': 'customer.zip',
  use: 'use',
};

/**
 * Downloads the PAC's XML or PDF into the file store and records it. A failure is logged, not
 * thrown: the invoice is stamped, and the download endpoint fetches a missing file again.
 */
async function storePacFile(deps: InvoiceDeps, pac: Pac, row: repo.InvoiceRow, kind: 'xml' | 'pdf'): Promise<string | null> {
  try {
    const bytes = kind === 'xml' ? await pac.downloadXml(row.providerId!) : await pac.downloadPdf(row.providerId!);
    const stored = await deps.files.save(Readable.from([bytes]), { accept: [kind], wasTruncated: () => false });
    if (await repo.setStoredFile(deps.db, row.id, kind, stored.storedName)) return stored.storedName;
    await deps.files.remove(stored.storedName);
    return (await repo.findInvoice(deps.db, row.id, { branchId: undefined }))?.[kind === 'xml' ? 'xmlStoredName' : 'pdfStoredName'] ?? null;
  } catch (error) {
    deps.log.error({ err: error, invoiceId: row.id, kind }, 'invoices: could not store the PAC file');
    return null;
  }
}

const fileMime = { xml: 'application/xml', pdf: 'application/pdf' } as const;

/** GET /api/invoices/{id}/xml|pdf: the stored file (fetched from the PAC again if it is missing). */
export async function invoiceFile(deps: InvoiceDeps, actor: AuthUser, id: number, kind: 'xml' | 'pdf'): Promise<StoredDownload & { policyId: number }> {
  const row = ensure(await repo.findInvoice(deps.db, id, actorScope(actor)), notFound(messages.notFound));
  if (row.state === 'issuing' || !row.providerId) throw conflict(messages.issuing);
  let storedName = kind === 'xml' ? row.xmlStoredName : row.pdfStoredName;
  let size = storedName ? await deps.files.sizeOf(storedName) : null;
  if (!storedName || size === null) {
    storedName = await storePacFile(deps, requirePac(deps.pac), row, kind);
    size = storedName ? await deps.files.sizeOf(storedName) : null;
    if (!storedName || size === null) throw new AppError(502, messages.pacUnavailable);
  }
  const name = `factura_${row.series}${row.folioNumber ?? ''}_${row.uuid ?? row.id}.${kind}`;
  return { storedName, mimeType: fileMime[kind], size, downloadName: name, policyId: row.policyId };
}

/** GET /api/policy/{id}/invoices. */
export async function policyInvoices(db: Db, actor: AuthUser, policyId: number): Promise<Invoice[]> {
  if (!(await repo.policyInScope(db, policyId, actorScope(actor)))) throw notFound('La póliza no existe');
  return (await repo.policyInvoices(db, policyId)).map(toInvoice);
}
