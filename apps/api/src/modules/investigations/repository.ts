import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatDocumentType, type InvestigationDocument } from '@portal/domain';
import type { Executor } from '../../db/client';
import { investigationDocuments, policies, publicLinks, users } from '../../db/schema/index';
import { inBranchScope } from '../../db/scope';
import type { BranchScope } from '../../lib/branch-scope';
import { policyHasGuarantor } from '../../db/policy-columns';

// --- the policy an investigation belongs to -----------------------------------------------------

const investigationColumns = {
  policyId: policies.id,
  investigationId: policies.investigationId,
  status: policies.status,
  policyType: policies.policyType,
  hasGuarantor: policyHasGuarantor,
};

/** The policy under a folio, within `scope` (the caller's branch); null when there is none. */
export async function findInvestigation(db: Executor, investigationId: string, scope: BranchScope) {
  const [row] = await db
    .select(investigationColumns)
    .from(policies)
    .where(and(eq(policies.investigationId, investigationId), inBranchScope(policies.branchId, scope)));
  return row ?? null;
}

/** The same, locking the policy row: uploads, deletions and decisions on one policy take turns. */
export async function lockInvestigation(db: Executor, investigationId: string, scope: BranchScope) {
  const [row] = await db
    .select(investigationColumns)
    .from(policies)
    .where(and(eq(policies.investigationId, investigationId), inBranchScope(policies.branchId, scope)))
    .for('update', { of: policies });
  return row ?? null;
}

// --- documents ----------------------------------------------------------------------------------

export type DocumentValues = Omit<typeof investigationDocuments.$inferInsert, 'id' | 'uploadedAt' | 'respuesta' | 'respondedBy' | 'respondedAt'>;

export async function insertDocument(db: Executor, values: DocumentValues): Promise<number> {
  const [row] = await db.insert(investigationDocuments).values(values).returning({ id: investigationDocuments.id });
  return row!.id;
}

/** Removes the document in a slot and index, returning its file's name so the caller can delete it. */
export async function deleteSlot(db: Executor, policyId: number, slot: DocumentValues['slot'], slotIndex: number) {
  const [row] = await db
    .delete(investigationDocuments)
    .where(and(eq(investigationDocuments.policyId, policyId), eq(investigationDocuments.slot, slot), eq(investigationDocuments.slotIndex, slotIndex)))
    .returning({ storedName: investigationDocuments.storedName });
  return row ?? null;
}

export async function deleteDocument(db: Executor, id: number): Promise<void> {
  await db.delete(investigationDocuments).where(eq(investigationDocuments.id, id));
}

/**
 * One document with its policy's folio and status, within `scope` (the policy's branch):
 * another branch's document is simply not found.
 */
export async function findDocument(db: Executor, id: number, scope: BranchScope, lock = false) {
  const query = db
    .select({
      id: investigationDocuments.id,
      policyId: investigationDocuments.policyId,
      investigationId: policies.investigationId,
      status: policies.status,
      slot: investigationDocuments.slot,
      slotIndex: investigationDocuments.slotIndex,
      originalFilename: investigationDocuments.originalFilename,
      storedName: investigationDocuments.storedName,
      mimeType: investigationDocuments.mimeType,
      size: investigationDocuments.size,
    })
    .from(investigationDocuments)
    .innerJoin(policies, eq(policies.id, investigationDocuments.policyId))
    .where(and(eq(investigationDocuments.id, id), inBranchScope(policies.branchId, scope)));
  const [row] = lock ? await query.for('update', { of: policies }) : await query;
  return row ?? null;
}

export async function updateResponse(db: Executor, id: number, respuesta: string, userId: number): Promise<void> {
  await db
    .update(investigationDocuments)
    .set({ respuesta, respondedBy: respuesta ? userId : null, respondedAt: respuesta ? new Date() : null })
    .where(eq(investigationDocuments.id, id));
}

const uploaders = alias(users, 'uploaders');
const responders = alias(users, 'responders');
const fullName = (table: typeof uploaders | typeof responders) =>
  sql<string>`coalesce(trim(${table.firstName} || ' ' || ${table.lastName}), '')`;

/** Which documents a list selects: one policy's, or a single one. */
export type DocumentFilter = { policyId: number } | { id: number };

/** The results screen's list: one policy's documents in upload order, with who uploaded and answered. */
export async function listDocuments(db: Executor, filter: DocumentFilter): Promise<InvestigationDocument[]> {
  const where = 'id' in filter ? eq(investigationDocuments.id, filter.id) : eq(investigationDocuments.policyId, filter.policyId);
  const rows = await db
    .select({
      id: investigationDocuments.id,
      originalFilename: investigationDocuments.originalFilename,
      slot: investigationDocuments.slot,
      slotIndex: investigationDocuments.slotIndex,
      identificationType: investigationDocuments.identificationType,
      mimeType: investigationDocuments.mimeType,
      size: investigationDocuments.size,
      sha256: investigationDocuments.sha256,
      uploadedAt: investigationDocuments.uploadedAt,
      uploadedByName: fullName(uploaders),
      uploadedViaLinkId: investigationDocuments.uploadedViaLinkId,
      uploadedViaLinkName: publicLinks.partyName,
      respuesta: investigationDocuments.respuesta,
      respondedAt: investigationDocuments.respondedAt,
      respondedByName: sql<string | null>`case when ${responders.id} is null then null else ${fullName(responders)} end`,
    })
    .from(investigationDocuments)
    .leftJoin(uploaders, eq(uploaders.id, investigationDocuments.uploadedBy))
    .leftJoin(responders, eq(responders.id, investigationDocuments.respondedBy))
    .leftJoin(publicLinks, eq(publicLinks.id, investigationDocuments.uploadedViaLinkId))
    .where(where)
    .orderBy(asc(investigationDocuments.uploadedAt), asc(investigationDocuments.id));
  return rows.map(({ slot, slotIndex, uploadedAt, respondedAt, uploadedViaLinkId, uploadedViaLinkName, ...row }) => ({
    ...row,
    uploadedVia: uploadedViaLinkId === null ? ('staff' as const) : ('link' as const),
    uploadedViaLinkName: uploadedViaLinkId === null ? null : uploadedViaLinkName,
    documentType: formatDocumentType(slot, slotIndex),
    uploadedAt: uploadedAt.toISOString(),
    respondedAt: respondedAt?.toISOString() ?? null,
  }));
}

/** Who sent files to the policy through a link since `since`, by name, first to upload first (the staff's notice names them all). */
export async function linkUploadersSince(db: Executor, policyId: number, since: Date): Promise<string[]> {
  const rows = await db
    .select({ name: publicLinks.partyName })
    .from(investigationDocuments)
    .innerJoin(publicLinks, eq(publicLinks.id, investigationDocuments.uploadedViaLinkId))
    .where(and(eq(investigationDocuments.policyId, policyId), sql`${investigationDocuments.uploadedAt} > ${since.toISOString()}`))
    .groupBy(publicLinks.partyName)
    .orderBy(sql`min(${investigationDocuments.uploadedAt})`);
  return rows.map((row) => row.name);
}
