import type { FastifyBaseLogger } from 'fastify';
import {
  canDecideInvestigation,
  documentChecklist,
  documentTypeLabel,
  formatDocumentType,
  investigationMessages as messages,
  investigationDecisionInputSchema,
  isInvestigationOpen,
  linkPartyLabels,
  outsideActorNames,
  partyUploadChecklist,
  publicLinkMessages,
  missingDocuments,
  parseDocumentType,
  policyStatusLabels,
  uploadRejection,
  type DocumentChecklistItem,
  type DocumentResponseInput,
  type IdentificationType,
  type InvestigationDecision,
  type InvestigationDecisionInput,
  type InvestigationDocument,
  type MissingDocument,
  type PolicyStatus,
  type PolicyType,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { AuthUser } from '../../lib/auth-user';
import { discardStoredFile, type ReceivedUpload } from '../../plugins/files';
import { actorScope } from '../../lib/branch-scope';
import { insertEvent, updatePolicyRow } from '../policies/index';
import { LINK_NOTICE_QUIET_MS, notifyInvestigationDecided, notifyLinkDocumentsReceived } from '../notifications/index';
import { invalidLink, markLinkFinished, resolveLink, type ActiveLink } from '../public-links/index';
import * as repo from './repository';

export interface UploadTarget {
  investigationId: string;
  documentType: string;
  identificationType?: IdentificationType | undefined;
}

function assertOpen(status: PolicyStatus) {
  if (!isInvestigationOpen(status)) throw conflict(messages.investigationClosed);
}

async function findInScope(db: Executor, actor: AuthUser, investigationId: string) {
  return ensure(await repo.findInvestigation(db, investigationId, actorScope(actor)), notFound(messages.investigationNotFound));
}

/**
 * Everything that can be said about an upload before its bytes are read: the folio is the
 * caller's, the investigation is open and the policy asks for this document.
 */
export async function checkUpload(db: Db, actor: AuthUser, target: UploadTarget): Promise<void> {
  const policy = await findInScope(db, actor, target.investigationId);
  const rejection = uploadRejection(policy, target.documentType, target.identificationType);
  if (rejection) throw invalidField(rejection.field, rejection.message);
  assertOpen(policy.status);
}

/**
 * Who brings a file: a staff member, within their branch, or the person holding an upload link
 * (its token re-checked inside the write, so a link revoked while the bytes streamed stores nothing).
 */
export type Uploader = { kind: 'staff'; actor: AuthUser } | { kind: 'link'; token: string };

/** The policy an upload writes to, locked, and what its history line and notices say of who brought it. */
interface UploadContext {
  policy: NonNullable<Awaited<ReturnType<typeof repo.lockInvestigation>>>;
  userId: number | null;
  link: ActiveLink | null;
}

async function lockForUpload(tx: Executor, uploader: Uploader, investigationId: string): Promise<UploadContext> {
  if (uploader.kind === 'staff') {
    const policy = ensure(await repo.lockInvestigation(tx, investigationId, actorScope(uploader.actor)), notFound(messages.investigationNotFound));
    assertOpen(policy.status);
    return { policy, userId: uploader.actor.id, link: null };
  }
  const link = await resolveLink(tx, uploader.token, 'upload', { lock: true });
  const policy = ensure(await repo.lockInvestigation(tx, link.folio, { branchId: link.branchId }), invalidLink());
  if (!isInvestigationOpen(policy.status)) throw conflict(publicLinkMessages.uploadClosed);
  return { policy, userId: null, link };
}

function uploadNote(context: UploadContext, replaced: boolean, documentType: string, originalFilename: string): string {
  const what = replaced ? 'Documento reemplazado' : 'Documento subido';
  const by = context.link ? ` por enlace (${linkPartyLabels[context.link.party]}: ${context.link.partyName})` : '';
  return `${what}${by}: ${documentTypeLabel(documentType)} (${originalFilename})`;
}

/**
 * Records a stored file in its slot, replacing what the slot and index held. The first document
 * of a created policy starts its investigation. A file sent by link notifies the staff and, once
 * the person's documents are all in, finishes the link. If the transaction fails, the new file
 * goes; once it commits, the replaced one goes. Answers the new document's id and policy.
 */
export async function recordUpload(
  db: Db,
  files: FileStore,
  log: FastifyBaseLogger,
  uploader: Uploader,
  target: UploadTarget,
  upload: ReceivedUpload,
): Promise<{ documentId: number; policyId: number }> {
  const { slot, index } = parseDocumentType(target.documentType)!;
  const originalFilename = upload.fileName;
  let replaced: string | null = null;
  let recorded: { documentId: number; policyId: number };
  try {
    recorded = await db.transaction(async (tx) => {
      const context = await lockForUpload(tx, uploader, target.investigationId);
      const { policy } = context;
      replaced = (await repo.deleteSlot(tx, policy.policyId, slot, index))?.storedName ?? null;
      const documentId = await repo.insertDocument(tx, {
        policyId: policy.policyId,
        investigationId: policy.investigationId,
        slot,
        slotIndex: index,
        identificationType: target.identificationType ?? null,
        originalFilename,
        storedName: upload.stored.storedName,
        mimeType: upload.stored.mimeType,
        size: upload.stored.size,
        sha256: upload.stored.sha256,
        uploadedBy: context.userId,
        uploadedViaLinkId: context.link?.id ?? null,
      });
      const starts = policy.status === 'created';
      if (starts) await updatePolicyRow(tx, policy.policyId, { status: 'investigation', updatedAt: new Date(), updatedBy: context.userId });
      await insertEvent(tx, {
        policyId: policy.policyId,
        userId: context.userId,
        fromStatus: starts ? 'created' : null,
        toStatus: starts ? 'investigation' : null,
        changes: [],
        note: uploadNote(context, replaced !== null, target.documentType, originalFilename),
        actorLabel: context.link ? outsideActorNames.byLink(context.link.partyName, linkPartyLabels[context.link.party]) : '',
      });
      if (context.link) await afterLinkUpload(tx, context.link, policy);
      return { documentId, policyId: policy.policyId };
    });
  } catch (error) {
    await discardStoredFile(files, upload.stored.storedName, log);
    throw error;
  }
  if (replaced) await discardStoredFile(files, replaced, log);
  return recorded;
}

/** The staff's notice (grouped per ten minutes) and, when the person's documents are all in, the link's end. */
async function afterLinkUpload(tx: Executor, link: ActiveLink, policy: UploadContext['policy']): Promise<void> {
  const now = new Date();
  const people = await repo.linkUploadersSince(tx, policy.policyId, new Date(now.getTime() - LINK_NOTICE_QUIET_MS));
  await notifyLinkDocumentsReceived(tx, { policyId: policy.policyId, people, now });
  const documents = await repo.listDocuments(tx, { policyId: policy.policyId });
  if (partyUploadChecklist(link.party, policy, documents).complete) await markLinkFinished(tx, link.id, now);
}

/** A staff upload's answer: the document as the results screen lists it. */
export async function findDocumentListed(db: Db, documentId: number): Promise<InvestigationDocument> {
  return ensure((await repo.listDocuments(db, { id: documentId }))[0], notFound(messages.documentNotFound));
}

export async function listDocuments(db: Db, actor: AuthUser, investigationId: string): Promise<InvestigationDocument[]> {
  const policy = await findInScope(db, actor, investigationId);
  return repo.listDocuments(db, { policyId: policy.policyId });
}

/** The file behind a document of the caller's branch, checked to be on disk. */
export async function findDownload(db: Db, files: FileStore, log: FastifyBaseLogger, actor: AuthUser, id: number) {
  const document = ensure(await repo.findDocument(db, id, actorScope(actor)), notFound(messages.documentNotFound));
  const size = await files.sizeOf(document.storedName);
  if (size === null) {
    log.error({ documentId: id, storedName: document.storedName }, 'document file missing from disk');
    throw notFound(messages.fileUnavailable);
  }
  return { ...document, size };
}

/** DELETE /api/policy/delete/{documentId}: the row (and a history line) in one transaction, then the file. */
export async function deleteDocument(db: Db, files: FileStore, log: FastifyBaseLogger, actor: AuthUser, id: number): Promise<void> {
  const storedName = await db.transaction(async (tx) => {
    const document = ensure(await repo.findDocument(tx, id, actorScope(actor), true), notFound(messages.documentNotFound));
    assertOpen(document.status);
    await repo.deleteDocument(tx, id);
    await insertEvent(tx, {
      policyId: document.policyId,
      userId: actor.id,
      fromStatus: null,
      toStatus: null,
      changes: [],
      note: `Documento eliminado: ${documentTypeLabel(formatDocumentType(document.slot, document.slotIndex))} (${document.originalFilename})`,
    });
    return document.storedName;
  });
  await discardStoredFile(files, storedName, log);
}

/** The reviewer's answer on one document; an empty answer clears it (and who gave it). */
export async function answerDocument(db: Db, actor: AuthUser, id: number, input: DocumentResponseInput): Promise<InvestigationDocument> {
  ensure(await repo.findDocument(db, id, actorScope(actor)), notFound(messages.documentNotFound));
  await repo.updateResponse(db, id, input.respuesta, actor.id);
  return ensure((await repo.listDocuments(db, { id }))[0], notFound(messages.documentNotFound));
}

export type Decision = 'approve' | 'reject';

const decisions = {
  approve: { status: 'investigation_approved', note: messages.approvedNote, message: messages.approvedDescription },
  reject: { status: 'investigation_rejected', note: messages.rejectedNote, message: messages.rejectedDescription },
} as const;

/**
 * Approves or rejects an investigation under way: the policy's new status and an event naming
 * the reviewer, with their reason, in one transaction. Approving while required documents are
 * missing needs the reviewer's confirmation (409 listing them otherwise), and the event says
 * which were missing. A decided investigation is not decided again here (409); the policy form
 * can still set any status, and that is recorded as well.
 */
export async function decideInvestigation(
  db: Db,
  actor: AuthUser,
  investigationId: string,
  decision: Decision,
  input: InvestigationDecisionInput,
): Promise<InvestigationDecision> {
  const { reason, confirmMissing } = investigationDecisionInputSchema.parse(input);
  const outcome = decisions[decision];
  return db.transaction(async (tx) => {
    const policy = ensure(await repo.lockInvestigation(tx, investigationId, actorScope(actor)), notFound(messages.investigationNotFound));
    if (policy.status === 'created') throw conflict(messages.notUnderInvestigation);
    if (!canDecideInvestigation(policy.status)) throw conflict(messages.alreadyDecided(policyStatusLabels[policy.status]));
    const documents = await repo.listDocuments(tx, { policyId: policy.policyId });
    if (documents.length === 0) throw conflict(messages.noDocuments);
    const missing = decision === 'approve' ? missingDocuments(policy, documents) : [];
    if (missing.length > 0 && !confirmMissing) throw missingDocumentsConflict(missing);
    await updatePolicyRow(tx, policy.policyId, { status: outcome.status, updatedAt: new Date(), updatedBy: actor.id });
    await insertEvent(tx, {
      policyId: policy.policyId,
      userId: actor.id,
      fromStatus: 'investigation',
      toStatus: outcome.status,
      changes: [],
      note: decisionNote(outcome.note, missing, reason),
    });
    // The agent learns of it in the portal (and by e-mail if chosen), only if the decision commits.
    await notifyInvestigationDecided(tx, { policyId: policy.policyId, approved: decision === 'approve' });
    return { policyId: policy.policyId, investigationId: policy.investigationId, status: outcome.status, message: outcome.message };
  });
}

/** 409 naming each missing document (`details`: its slot and Spanish name), so a client can ask and retry. */
function missingDocumentsConflict(missing: MissingDocument[]) {
  const labels = missing.map((document) => document.label);
  return conflict(
    messages.missingDocuments(labels),
    missing.map((document) => ({ field: document.slot, message: document.label })),
  );
}

/** The history line: the decision, what was missing when it was approved anyway, and the reviewer's reason. */
function decisionNote(note: string, missing: MissingDocument[], reason: string): string {
  const lines = [note];
  if (missing.length > 0) lines.push(messages.approvedWithMissingNote(missing.map((document) => document.label)));
  if (reason) lines.push(messages.reasonNote(reason));
  return lines.join('\n');
}

/**
 * The expediente's checklist of a policy (read within the caller's scope by the policy-file
 * module): the documents its type requires and how many files each has, from the same documents
 * the approval checks.
 */
export async function policyDocumentChecklist(db: Db, policy: { policyId: number; policyType: PolicyType; hasGuarantor: boolean }): Promise<DocumentChecklistItem[]> {
  return documentChecklist(policy, await repo.listDocuments(db, { policyId: policy.policyId }));
}
