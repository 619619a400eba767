import type { z } from 'zod';
import { invoiceMessages as messages, type Invoice, type invoiceCancelInputSchema } from '@portal/domain';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import * as repo from './repository';
import { pacFailure, requirePac, toInvoice, type InvoiceDeps } from './service';

/*
 * Cancelling an invoice with the SAT's motive (issue 34), the only change an invoice ever gets.
 * Motive 01 (issued with errors, with relation) names the invoice that replaces it: a standing
 * invoice of the same policy issued after it, whose UUID goes to the PAC as the substitution.
 *
 * What the PAC answers decides the state: 'canceled' (accepted at once) makes the invoice
 * Cancelada; 'pending' (the customer has 72 hours to accept a cancellation the SAT does not
 * accept by itself) keeps it Vigente with cancellationStatus 'pending' — it is still valid before
 * the SAT until accepted, so it still stands for its payment and a new one cannot be issued yet.
 */

type CancelInput = z.output<typeof invoiceCancelInputSchema>;

/** The replacement motive 01 needs, or none for the other motives (400 naming replacementId otherwise). */
async function replacementFor(deps: InvoiceDeps, actor: AuthUser, invoice: repo.InvoiceRow, input: CancelInput): Promise<repo.InvoiceRow | null> {
  if (input.motive !== '01') {
    if (input.replacementId) throw invalidField('replacementId', messages.replacementNotAllowed);
    return null;
  }
  if (!input.replacementId) throw invalidField('replacementId', messages.replacementRequired);
  const replacement = await repo.findInvoice(deps.db, input.replacementId, actorScope(actor));
  const fits =
    replacement &&
    replacement.id !== invoice.id &&
    replacement.policyId === invoice.policyId &&
    replacement.state === 'valid' &&
    replacement.uuid &&
    replacement.issuedAt &&
    invoice.issuedAt &&
    (replacement.issuedAt > invoice.issuedAt || (replacement.issuedAt.getTime() === invoice.issuedAt.getTime() && replacement.id > invoice.id));
  if (!fits) throw invalidField('replacementId', messages.replacementInvalid);
  return replacement;
}

/** POST /api/invoices/{id}/cancel. */
export async function cancelInvoice(deps: InvoiceDeps, actor: AuthUser, id: number, input: CancelInput): Promise<Invoice> {
  const pac = requirePac(deps.pac);
  const scope = actorScope(actor);
  const current = ensure(await repo.findInvoice(deps.db, id, scope), notFound(messages.notFound));
  if (current.state === 'canceled') throw conflict(messages.alreadyCanceled);
  if (current.state === 'issuing') throw conflict(messages.issuing);
  const replacement = await replacementFor(deps, actor, current, input);
  // Taken for this request: a second click, or a cancellation already waiting for the customer, is a 409.
  const invoice = await repo.claimCancellation(deps.db, id, scope);
  if (!invoice) throw conflict(messages.cancellationPending);
  let answer;
  try {
    answer = await pac.cancel(invoice.providerId!, input.motive, replacement?.uuid ?? undefined);
  } catch (error) {
    await repo.releaseCancellation(deps.db, id);
    throw pacFailure(error, deps.log, messages.pacCancelRejected);
  }
  const accepted = answer.status === 'canceled';
  const row = await repo.recordCancellation(deps.db, id, {
    state: accepted ? 'canceled' : 'valid',
    cancelMotive: input.motive,
    replacementInvoiceId: replacement?.id ?? null,
    cancellationStatus: answer.cancellationStatus,
    canceledAt: accepted ? new Date() : null,
    canceledBy: actor.id,
  });
  return toInvoice(row);
}
