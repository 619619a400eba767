import {
  businessDate,
  centsToMoney,
  linkExpiryDays,
  moneyToCents,
  rentMessages,
  rentProofMessages as messages,
  type IfMatch,
  type RentLedger,
  type RentProof,
  type RentProofLink,
  type RentProofList,
  type RentProofView,
} from '@portal/domain';
import type { z } from 'zod';
import type { confirmProofInputSchema, rentProofInputSchema, rentProofLinkInputSchema } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import type { FileStore } from '../../../lib/file-store';
import { discardStoredFile, type ReceivedUpload } from '../../../plugins/files';
import { notifyRentProofReceived } from '../../notifications/index';
import { insertEvent } from '../../policies/index';
import { issueLink, relockLink, requirePrivacyAccepted, resolveLink, type ActiveLink } from '../../public-links/index';
import * as ledgerRepo from '../repository/ledger';
import { readLedger, recordPaymentIn } from '../service';
import * as repo from '../repository/proofs';

/*
 * The tenant's proofs of payment (issue 32): sent through a 'rent_proof' link (the public-links
 * machinery: hashed token, expiry, revocation, the aviso), reviewed by staff. Confirming one
 * records the payment through the staff's own path, in the same transaction as the proof's
 * decision; the decision is a conditional UPDATE, so two staff confirming at once make one payment.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toProof(row: repo.ProofRow): RentProof {
  return {
    id: row.id,
    amount: row.amount,
    paidOn: row.paidOn,
    method: row.method,
    reference: row.reference,
    fileName: row.fileName,
    state: row.state,
    rejectReason: row.rejectReason,
    sentBy: row.sentBy,
    sentAt: row.sentAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    paymentId: row.paymentId,
  };
}

async function proofList(db: Executor, policyId: number): Promise<RentProofList> {
  const proofs = (await repo.listProofs(db, policyId)).map(toProof);
  return { pending: proofs.filter((proof) => proof.state === 'pending').length, proofs };
}

/** GET /api/policy/{id}/rent-proofs. */
export async function listProofs(db: Db, actor: AuthUser, policyId: number): Promise<RentProofList> {
  ensure(await ledgerRepo.findRentPolicy(db, policyId, actorScope(actor)), notFound(rentMessages.notFound));
  return proofList(db, policyId);
}

/** POST /api/policy/{id}/rent-proof-link: a tenant's link (the token only in this answer and the e-mail). */
export async function issueProofLink(db: Db, actor: AuthUser, policyId: number, input: z.output<typeof rentProofLinkInputSchema>, baseUrl: string): Promise<RentProofLink> {
  return db.transaction(async (tx) => {
    const target = ensure(await repo.findLinkTarget(tx, policyId, input.partyIndex, actorScope(actor)), notFound(rentMessages.notFound));
    if (!(await ledgerRepo.findSchedule(tx, policyId))) throw conflict(messages.noSchedule);
    const tenant = target.tenant;
    if (!tenant) throw invalidField('partyIndex', messages.noTenant);
    const now = new Date();
    const issued = await issueLink(
      tx,
      {
        policyId,
        purpose: 'rent_proof',
        party: 'tenant',
        partyIndex: input.partyIndex,
        partyName: tenant.name,
        email: tenant.email ?? '',
        phones: [tenant.mobile ?? '', tenant.phone ?? ''],
        branchName: target.policy.branchName,
        expiresInDays: linkExpiryDays.max,
        createdBy: actor.id,
        baseUrl,
        sendEmail: input.sendEmail,
      },
      now,
    );
    return { url: issued.url, whatsappUrl: issued.whatsappUrl, expiresAt: new Date(now.getTime() + linkExpiryDays.max * 86_400_000).toISOString(), tenantName: tenant.name };
  });
}

/** 'Confirmar': the proof becomes a payment (its file the receipt); amount and date as staff corrected them. */
export async function confirmProof(db: Db, actor: AuthUser, proofId: number, input: z.output<typeof confirmProofInputSchema>, ifMatch: IfMatch | undefined, now = new Date()): Promise<RentLedger> {
  return db.transaction(async (tx) => {
    const proof = ensure(await repo.findProof(tx, proofId, actorScope(actor)), notFound(messages.proofNotFound));
    // The row lock queues a second confirmation behind this one; it then finds the proof decided (409).
    if (!(await repo.lockPendingProof(tx, proofId))) throw conflict(messages.alreadyDecided);
    const amountCents = input.amount ?? moneyToCents(proof.amount) ?? 0;
    const { ledger, paymentId } = await recordPaymentIn(
      tx,
      actor,
      proof.policyId,
      {
        amount: amountCents,
        receivedOn: input.receivedOn ?? proof.paidOn,
        method: proof.method,
        reference: proof.reference,
        receipt: { fileName: proof.fileName, storedName: proof.storedName, mimeType: proof.mimeType, size: proof.size, sha256: proof.sha256 },
        note: messages.confirmEvent(centsToMoney(amountCents)),
      },
      ifMatch,
      now,
    );
    if (!(await repo.decideProof(tx, proofId, { state: 'accepted', paymentId, by: actor.id }))) throw conflict(messages.alreadyDecided);
    return ledger;
  });
}

/** 'Rechazar': the reason is what the tenant reads on their page. */
export async function rejectProof(db: Db, actor: AuthUser, proofId: number, reason: string): Promise<RentProofList> {
  return db.transaction(async (tx) => {
    const proof = ensure(await repo.findProof(tx, proofId, actorScope(actor)), notFound(messages.proofNotFound));
    if (!(await repo.decideProof(tx, proofId, { state: 'rejected', reason: reason.trim(), by: actor.id }))) throw conflict(messages.alreadyDecided);
    await insertEvent(tx, { policyId: proof.policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: messages.rejectEvent(proof.amount, reason.trim()) });
    return proofList(tx, proof.policyId);
  });
}

/** GET /api/rents/proofs/{id}/file. */
export async function proofFile(db: Db, actor: AuthUser, proofId: number) {
  const proof = ensure(await repo.findProof(db, proofId, actorScope(actor)), notFound(messages.proofNotFound));
  return { policyId: proof.policyId, storedName: proof.storedName, mimeType: proof.mimeType, size: proof.size, downloadName: proof.fileName };
}

// --- the tenant's page ---------------------------------------------------------------------------

async function linkedPolicy(db: Executor, link: ActiveLink) {
  // A link's policy is always there; a miss (or no schedule) answers like a dead link would not: 409 says why.
  const policy = ensure(await ledgerRepo.findRentPolicy(db, link.policyId, { branchId: link.branchId }), notFound(rentMessages.notFound));
  if (!(await ledgerRepo.findSchedule(db, link.policyId))) throw conflict(messages.noSchedule);
  return policy;
}

async function tenantView(db: Executor, link: ActiveLink, now = new Date()): Promise<RentProofView> {
  const policy = await linkedPolicy(db, link);
  const ledger = await readLedger(db, policy, businessDate(now));
  const proofs = (await repo.listProofs(db, link.policyId)).map(toProof).map(({ sentBy: _s, decidedBy: _d, paymentId: _p, ...proof }) => proof);
  // The months fallen due and not paid in full; the total is theirs (not the rest of the term's).
  const months = ledger.rows.filter((row) => row.owed !== '0.00' && row.dueOn <= businessDate(now)).map((row) => ({ period: row.period, dueOn: row.dueOn, owed: row.owed, state: row.state }));
  return {
    tenantName: link.partyName,
    branchName: link.branchName,
    folio: link.folio,
    owed: centsToMoney(months.reduce((sum, month) => sum + (moneyToCents(month.owed) ?? 0), 0)),
    months,
    proofs,
  };
}

/** GET /api/public/rent-proofs/{token}. */
export async function publicProofView(db: Db, token: string): Promise<RentProofView> {
  const link = await resolveLink(db, token, 'rent_proof');
  return tenantView(db, link);
}

/** Before a byte of the file is read: the link is alive and for proofs, the aviso accepted, the policy has a schedule. */
export async function checkProofUpload(db: Db, token: string): Promise<ActiveLink> {
  const link = await resolveLink(db, token, 'rent_proof');
  await requirePrivacyAccepted(db, link);
  await linkedPolicy(db, link);
  return link;
}

/** POST /api/public/rent-proofs/{token}: the proof with its file (already stored; removed again if this fails). */
export async function recordProof(
  db: Db,
  files: FileStore,
  log: FastifyBaseLogger,
  link: ActiveLink,
  input: z.output<typeof rentProofInputSchema>,
  upload: ReceivedUpload,
  now = new Date(),
): Promise<RentProofView> {
  try {
    return await db.transaction(async (tx) => {
      const current = await relockLink(tx, link, now);
      if (input.paidOn > businessDate(now)) throw invalidField('paidOn', messages.paidOnFuture);
      const amount = centsToMoney(input.amount);
      const proofId = await repo.insertProof(tx, {
        policyId: current.policyId,
        linkId: current.id,
        amount,
        paidOn: input.paidOn,
        method: input.method,
        reference: input.reference,
        fileName: upload.fileName,
        storedName: upload.stored.storedName,
        mimeType: upload.stored.mimeType,
        size: upload.stored.size,
        sha256: upload.stored.sha256,
      });
      await notifyRentProofReceived(tx, { proofId, policyId: current.policyId, amount });
      return tenantView(tx, current, now);
    });
  } catch (error) {
    await discardStoredFile(files, upload.stored.storedName, log);
    throw error;
  }
}

