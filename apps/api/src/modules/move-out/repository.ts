import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { policyDisplayFolio, type MoveOutPhotoParty, type PolicyStatus } from '@portal/domain';
import type { Executor } from '../../db/client';
import { inBranchScope } from '../../db/scope';
import { moveOutActas, moveOutPhotoLinks, moveOutPhotos, policies, properties, rents, users } from '../../db/schema/index';
import type { BranchScope } from '../../lib/branch-scope';

export type { StoredDamage, StoredRoom } from '../../db/schema/index';

/** SQL of the acta de entrega (issue 32). Every staff read is scoped to the actor's branch: another branch's policy is not found. */

export interface ActaPolicy {
  id: number;
  status: PolicyStatus;
  folio: string;
  /** The policy form's deposit, read as text (never a float: decision 026); null when none was set. */
  deposit: string | null;
}

/** The policy an acta belongs to, within `scope` (null otherwise); `lock` holds the policy row (two first saves). */
export async function findActaPolicy(db: Executor, policyId: number, scope: BranchScope, lock = false): Promise<ActaPolicy | null> {
  const query = db
    .select({
      id: policies.id,
      status: policies.status,
      policyNumber: policies.policyNumber,
      investigationId: policies.investigationId,
      deposit: sql<string | null>`${rents.deposit}::text`,
    })
    .from(policies)
    .leftJoin(properties, eq(properties.policyId, policies.id))
    .leftJoin(rents, eq(rents.propertyId, properties.id))
    .where(and(eq(policies.id, policyId), inBranchScope(policies.branchId, scope)));
  const [row] = lock ? await query.for('update', { of: policies }) : await query;
  if (!row) return null;
  const { policyNumber, investigationId, ...policy } = row;
  return { ...policy, folio: policyDisplayFolio({ policyNumber, investigationId }) };
}

export type ActaRow = typeof moveOutActas.$inferSelect & { updatedByName: string | null };

export async function findActa(db: Executor, policyId: number, lock = false): Promise<ActaRow | null> {
  const query = db
    .select({ acta: moveOutActas, updatedByName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(moveOutActas)
    .leftJoin(users, eq(users.id, moveOutActas.updatedBy))
    .where(eq(moveOutActas.policyId, policyId));
  const [row] = lock ? await query.for('update', { of: moveOutActas }) : await query;
  return row ? { ...row.acta, updatedByName: row.updatedByName } : null;
}

export type ActaValues = Omit<typeof moveOutActas.$inferInsert, 'policyId' | 'createdAt' | 'createdBy'>;

export async function insertActa(db: Executor, policyId: number, values: ActaValues, userId: number): Promise<void> {
  await db.insert(moveOutActas).values({ ...values, policyId, createdBy: userId });
}

export async function updateActa(db: Executor, policyId: number, values: Partial<ActaValues>): Promise<void> {
  await db.update(moveOutActas).set(values).where(eq(moveOutActas.policyId, policyId));
}

// --- photos ------------------------------------------------------------------------------------------

export interface PhotoRow {
  id: number;
  roomKey: string;
  fileName: string;
  party: MoveOutPhotoParty | null;
  uploadedByName: string | null;
  createdAt: Date;
}

export async function listPhotos(db: Executor, policyId: number): Promise<PhotoRow[]> {
  return db
    .select({
      id: moveOutPhotos.id,
      roomKey: moveOutPhotos.roomKey,
      fileName: moveOutPhotos.fileName,
      party: moveOutPhotos.party,
      uploadedByName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      createdAt: moveOutPhotos.createdAt,
    })
    .from(moveOutPhotos)
    .leftJoin(users, eq(users.id, moveOutPhotos.uploadedBy))
    .where(eq(moveOutPhotos.policyId, policyId))
    .orderBy(asc(moveOutPhotos.id));
}

export async function roomPhotoCount(db: Executor, policyId: number, roomKey: string): Promise<number> {
  const [row] = await db
    .select({ photos: count() })
    .from(moveOutPhotos)
    .where(and(eq(moveOutPhotos.policyId, policyId), eq(moveOutPhotos.roomKey, roomKey)));
  return row?.photos ?? 0;
}

export async function insertPhoto(db: Executor, photo: typeof moveOutPhotos.$inferInsert): Promise<void> {
  await db.insert(moveOutPhotos).values(photo);
}

/** One photo, if its policy is within `scope`. */
export async function findPhoto(db: Executor, photoId: number, scope: BranchScope) {
  const [row] = await db
    .select({ policyId: moveOutPhotos.policyId, storedName: moveOutPhotos.storedName, fileName: moveOutPhotos.fileName, mimeType: moveOutPhotos.mimeType, size: moveOutPhotos.size })
    .from(moveOutPhotos)
    .innerJoin(policies, eq(policies.id, moveOutPhotos.policyId))
    .where(and(eq(moveOutPhotos.id, photoId), inBranchScope(policies.branchId, scope)));
  return row ?? null;
}

// --- the owner's and tenant's photo links -------------------------------------------------------------

export async function insertPhotoLink(db: Executor, link: typeof moveOutPhotoLinks.$inferInsert): Promise<void> {
  await db.insert(moveOutPhotoLinks).values(link);
}

/** The link a token's hash names, while it has not expired. */
export async function findLiveLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: moveOutPhotoLinks.id, policyId: moveOutPhotoLinks.policyId, party: moveOutPhotoLinks.party, expiresAt: moveOutPhotoLinks.expiresAt })
    .from(moveOutPhotoLinks)
    .where(and(eq(moveOutPhotoLinks.tokenHash, tokenHash), gt(moveOutPhotoLinks.expiresAt, now)));
  return row ?? null;
}
