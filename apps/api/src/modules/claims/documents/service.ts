import { Readable } from 'node:stream';
import {
  businessDate,
  claimDocumentFileName,
  claimDocumentKindLabels,
  claimDocumentMessages,
  claimMessages,
  claimNumber,
  moneyToCents,
  policyMessages,
  type ClaimDocument,
  type ClaimDocumentKind,
  type Policy,
} from '@portal/domain';
import { readTogether, type Db, type Executor } from '../../../db/client';
import { conflict, ensure, invalidField, notFound, type AppError } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import type { FileStore } from '../../../lib/file-store';
import { claimPolicyFacts, claimTemplate, drawClaimPdf, type ClaimPreview } from '../../contracts/index';
import { loadPolicies } from '../../policies/index';
import * as claimsRepo from '../repository/claims';
import * as details from '../repository/details';
import { claimSummaryById, scopeSql, type ClaimSummaryRecord } from '../repository/summaries';
import { claimSignatures, claimValues, type ClaimFacts } from './content';
import * as repo from '../repository/documents';

/*
 * An incidencia's documents from templates (issue 33): the case's facts drawn through the
 * branch's template of the kind (its own newest version, else the product's default), stored
 * with the app's file store and listed with the case and in the expediente.
 */

const cents = (money: string | null | undefined) => moneyToCents(money ?? '0') ?? 0;

interface Gathered {
  facts: ClaimFacts;
  policy: Policy;
}

/** What the case's documents say: the case, the schedule, the agreement, the contacts, the money, the lawsuit. */
async function gather(db: Executor, head: ClaimSummaryRecord, today: string): Promise<Gathered> {
  const [claim, schedule, agreement, contacts, movements, lawsuit, policies] = await readTogether(db, [
    () => details.findClaimRow(db, head.id),
    () => repo.scheduleMonths(db, head.policyId),
    () => details.findClaimAgreement(db, head.id),
    () => details.listClaimContacts(db, head.id),
    () => details.listClaimMovements(db, head.id),
    () => details.findClaimLawsuit(db, head.id),
    () => loadPolicies(db, { id: head.policyId }, 'none'),
  ]);
  const row = ensure(claim, notFound(claimMessages.notFound));
  const policy = ensure(policies[0], notFound(policyMessages.notFound));
  const recovered = movements.filter((movement) => movement.kind === 'recovery' && movement.reversedAt === null);
  const facts: ClaimFacts = {
    number: claimNumber(head.id),
    type: row.type,
    openedOn: businessDate(row.openedAt),
    description: row.description,
    rentCents: cents(row.rentClaimed),
    servicesCents: cents(row.servicesClaimed),
    damagesCents: cents(row.damagesClaimed),
    arrearsMonths: row.arrearsMonths,
    schedule,
    agreement: agreement && {
      state: agreement.state,
      createdOn: businessDate(agreement.createdAt),
      instalments: agreement.instalments.map((instalment) => ({ seq: instalment.seq, dueOn: instalment.dueOn, amountCents: cents(instalment.amount), paidCents: cents(instalment.paid), state: instalment.state })),
    },
    contacts: { count: contacts.length, lastOn: contacts[0] ? businessDate(contacts[0].at) : null },
    recoveredCents: recovered.reduce((sum, movement) => sum + cents(movement.amount), 0),
    lawsuit: lawsuit && { court: lawsuit.court, caseNumber: lawsuit.caseNumber },
    today,
  };
  return { facts, policy };
}

/** The document drawn from `body`; `refuse` is a text too long or imitating a court paper. */
async function render(db: Executor, kind: ClaimDocumentKind, body: string, head: ClaimSummaryRecord, today: string, refuse: (message: string) => AppError): Promise<Buffer> {
  const { facts, policy } = await gather(db, head, today);
  const setting = await claimPolicyFacts(db, policy, today);
  const values = claimValues(facts, setting.values);
  const signer = head.assigneeName ?? '';
  return drawClaimPdf(
    { kind, body, values, signatures: claimSignatures(kind, policy, values, signer), paperSize: setting.paperSize, title: `${claimDocumentKindLabels[kind]} ${facts.number}` },
    refuse,
  );
}

type StoredRow = repo.StoredClaimDocument;

const publicDocument = ({ id, kind, fileName, size, sha256, createdBy, createdAt }: StoredRow): ClaimDocument => ({ id, kind, fileName, size, sha256, createdBy, createdAt: createdAt.toISOString() });

/** A stored text that can no longer be drawn: a 409 naming the template, as for a pack. */
const templateRefused = (message: string) => conflict(message, [{ field: 'template', message }]);

/**
 * POST /api/claims/{id}/documents/{kind}: 404 outside the actor's branch, 409 on a closed case
 * (or a convenio without an agreement in force). The PDF is drawn and stored before the
 * transaction (drawing is CPU work: no lock waits on it); the file is removed if the row is not written.
 */
export async function drawClaimDocument(
  db: Db,
  files: FileStore,
  actor: AuthUser,
  claimId: number,
  kind: ClaimDocumentKind,
  onDiscardError: (error: unknown, storedName: string) => void,
  now: Date = new Date(),
): Promise<ClaimDocument> {
  const today = businessDate(now);
  const scope = actorScope(actor);
  const head = ensure(await claimSummaryById(db, claimId, scopeSql(scope.branchId), today), notFound(claimMessages.notFound));
  if (head.status === 'closed') throw conflict(claimMessages.closedReadOnly);
  if (kind === 'payment_agreement' && (await details.findClaimAgreement(db, claimId))?.state !== 'active') throw conflict(claimDocumentMessages.noAgreement);
  const template = await claimTemplate(db, kind, head.branchId);
  const bytes = await render(db, kind, template.body, head, today, templateRefused);
  const stored = await files.save(Readable.from([bytes]), { accept: ['pdf'], wasTruncated: () => false });
  const fileName = claimDocumentFileName(kind, claimNumber(claimId), today);
  let documentId: number;
  try {
    documentId = await db.transaction(async (tx) => {
      const claim = ensure(await claimsRepo.findClaim(tx, claimId, scope, true), notFound(claimMessages.notFound));
      if (claim.status === 'closed') throw conflict(claimMessages.closedReadOnly);
      const id = await repo.insertClaimDocument(tx, {
        claimId,
        kind,
        storedName: stored.storedName,
        fileName,
        size: stored.size,
        sha256: stored.sha256,
        templateVersion: template.version,
        createdBy: actor.id,
      });
      await claimsRepo.insertClaimEvent(tx, { claimId, fromStage: null, toStage: null, note: claimDocumentMessages.generatedEvent(claimDocumentKindLabels[kind], fileName), userId: actor.id });
      return id;
    });
  } catch (error) {
    await files.remove(stored.storedName).catch((failure: unknown) => onDiscardError(failure, stored.storedName));
    throw error;
  }
  return publicDocument(ensure(await repo.findClaimDocument(db, documentId, scope), notFound(claimDocumentMessages.documentNotFound)));
}

/** GET /api/claims/documents/{id}: the stored document, within the actor's branch (404 otherwise). */
export async function claimDocumentFile(db: Db, actor: AuthUser, documentId: number): Promise<StoredRow> {
  return ensure(await repo.findClaimDocument(db, documentId, actorScope(actor)), notFound(claimDocumentMessages.documentNotFound));
}

/**
 * The templates admin's preview (admins, any branch): the text drawn from the policy's newest
 * case, not stored; a text too long or imitating a court paper is a 400 on the body.
 */
export const claimDocumentPreview: ClaimPreview = async (db, kind, policyId, body) => {
  const latest = ensure(await repo.latestClaimOfPolicy(db, policyId), invalidField('policyId', claimDocumentMessages.noClaimForPreview));
  const today = businessDate();
  const head = ensure(await claimSummaryById(db, latest.id, scopeSql(undefined), today), notFound(claimMessages.notFound));
  return render(db, kind, body, head, today, (message) => invalidField('body', message));
};

/** The expediente's list of the policy's case documents, newest first (its caller checked the branch). */
export async function policyClaimDocuments(db: Executor, policyId: number) {
  const rows = await repo.listPolicyClaimDocuments(db, policyId);
  return rows.map((row) => ({ ...publicDocument(row), claimId: row.claimId, claimNumber: claimNumber(row.claimId) }));
}
