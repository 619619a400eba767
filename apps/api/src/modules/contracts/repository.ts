import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { ContractDocument, ContractTemplate, PaperSize, PolicyStatus, TemplateKind } from '@portal/domain';
import type { Executor } from '../../db/client';
import { inBranchScope } from '../../db/scope';
import { addresses, branches, contractDocuments, contractTemplates, policies, users } from '../../db/schema/index';
import type { BranchScope } from '../../lib/branch-scope';
import { isOutdatedDefault } from './default-templates';

const userName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), 'Portal de Pólizas')`;

// --- templates -------------------------------------------------------------------------------------

const templateColumns = {
  id: contractTemplates.id,
  kind: contractTemplates.kind,
  branchId: contractTemplates.branchId,
  version: contractTemplates.version,
  body: contractTemplates.body,
  createdAt: contractTemplates.createdAt,
  createdByName: userName,
};

type TemplateRow = Omit<ContractTemplate, 'createdAt'> & { createdAt: Date };
const toTemplate = (row: TemplateRow): ContractTemplate => ({ ...row, createdAt: row.createdAt.toISOString() });

const inScope = (branchId: number | null) =>
  branchId === null ? isNull(contractTemplates.branchId) : eq(contractTemplates.branchId, branchId);

/** The versions of one kind for one scope (a branch, or the product's default when null), newest first. */
export async function templateVersions(db: Executor, kind: TemplateKind, branchId: number | null, limit?: number): Promise<ContractTemplate[]> {
  const query = db
    .select(templateColumns)
    .from(contractTemplates)
    .leftJoin(users, eq(users.id, contractTemplates.createdBy))
    .where(and(eq(contractTemplates.kind, kind), inScope(branchId)))
    .orderBy(desc(contractTemplates.version));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(toTemplate);
}

/**
 * Version 1 of the product's default, written the first time the kind is needed; after that a no-op,
 * unless the newest default is an earlier product text (isOutdatedDefault): then the current
 * text is written as the next version, as an admin's save would be.
 */
export async function ensureDefaultTemplate(db: Executor, kind: TemplateKind, body: string): Promise<void> {
  await db.insert(contractTemplates).values({ kind, branchId: null, version: 1, body }).onConflictDoNothing();
  const [newest] = await db
    .select({ version: contractTemplates.version, body: contractTemplates.body })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.kind, kind), isNull(contractTemplates.branchId)))
    .orderBy(desc(contractTemplates.version))
    .limit(1);
  if (!newest || !isOutdatedDefault(kind, newest.body)) return;
  // A concurrent call wrote the same version first: the unique index makes this one a no-op.
  await db.insert(contractTemplates).values({ kind, branchId: null, version: newest.version + 1, body }).onConflictDoNothing();
}

/** A new version of the scope's template; the unique index refuses a version a concurrent save took. */
export async function insertTemplate(
  db: Executor,
  values: { kind: TemplateKind; branchId: number | null; body: string; createdBy: number },
): Promise<number> {
  const [last] = await db
    .select({ version: max(contractTemplates.version) })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.kind, values.kind), inScope(values.branchId)));
  const [row] = await db
    .insert(contractTemplates)
    .values({ ...values, version: (last?.version ?? 0) + 1 })
    .returning({ id: contractTemplates.id });
  return row!.id;
}

export async function findTemplate(db: Executor, id: number): Promise<ContractTemplate | null> {
  const [row] = await db.select(templateColumns).from(contractTemplates).leftJoin(users, eq(users.id, contractTemplates.createdBy)).where(eq(contractTemplates.id, id));
  return row ? toTemplate(row) : null;
}

// --- the policy's setting ----------------------------------------------------------------------------

export interface PolicyState {
  status: PolicyStatus;
  branchId: number;
}

/** The policy's status and branch when the actor's scope reaches it; with `lock`, held until the transaction ends. */
export async function policyState(db: Executor, id: number, scope: BranchScope | undefined, lock = false): Promise<PolicyState | null> {
  const query = db
    .select({ status: policies.status, branchId: policies.branchId })
    .from(policies)
    .where(and(eq(policies.id, id), scope ? inBranchScope(policies.branchId, scope) : undefined));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface BranchLetterhead {
  name: string;
  paperSize: PaperSize;
  address: { street: string; exteriorNumber: string; interiorNumber: string; colony: string; municipality: string; state: string; zipCode: string };
}

export async function branchLetterhead(db: Executor, branchId: number): Promise<BranchLetterhead | null> {
  const [row] = await db
    .select({
      name: branches.name,
      paperSize: branches.paperSize,
      address: {
        street: addresses.street,
        exteriorNumber: addresses.exteriorNumber,
        interiorNumber: addresses.interiorNumber,
        colony: addresses.colony,
        municipality: addresses.municipality,
        state: addresses.state,
        zipCode: addresses.zipCode,
      },
    })
    .from(branches)
    .innerJoin(addresses, eq(addresses.id, branches.addressId))
    .where(eq(branches.id, branchId));
  return row ?? null;
}

export async function userFullName(db: Executor, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await db.select({ name: userName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

// --- documents ---------------------------------------------------------------------------------------

export async function latestPackVersion(db: Executor, policyId: number): Promise<number> {
  const [row] = await db.select({ version: max(contractDocuments.packVersion) }).from(contractDocuments).where(eq(contractDocuments.policyId, policyId));
  return row?.version ?? 0;
}

export async function supersedePacks(db: Executor, policyId: number): Promise<void> {
  await db.update(contractDocuments).set({ superseded: true }).where(and(eq(contractDocuments.policyId, policyId), eq(contractDocuments.superseded, false)));
}

export type DocumentValues = typeof contractDocuments.$inferInsert;

export async function insertDocuments(db: Executor, rows: DocumentValues[]): Promise<void> {
  await db.insert(contractDocuments).values(rows);
}

const documentColumns = {
  id: contractDocuments.id,
  policyId: contractDocuments.policyId,
  kind: contractDocuments.kind,
  packVersion: contractDocuments.packVersion,
  templateId: contractDocuments.templateId,
  templateVersion: contractDocuments.templateVersion,
  templateIsBranchOverride: contractDocuments.templateIsBranchOverride,
  fileName: contractDocuments.fileName,
  size: contractDocuments.size,
  sha256: contractDocuments.sha256,
  pageCount: contractDocuments.pageCount,
  superseded: contractDocuments.superseded,
  createdAt: contractDocuments.createdAt,
  createdByName: userName,
  storedName: contractDocuments.storedName,
};

export type StoredDocument = ContractDocument & { storedName: string };
type DocumentRow = Omit<StoredDocument, 'createdAt'> & { createdAt: Date };
const toDocument = (row: DocumentRow): StoredDocument => ({ ...row, createdAt: row.createdAt.toISOString() });

const kindOrder = sql`array_position(array['lease','policy','promissory_notes']::contract_document_kind[], ${contractDocuments.kind})`;

/** A policy's documents: newest pack first, each pack in the pack's order; one pack when `packVersion` is given. */
export async function policyDocuments(db: Executor, policyId: number, packVersion?: number): Promise<StoredDocument[]> {
  const rows = await db
    .select(documentColumns)
    .from(contractDocuments)
    .leftJoin(users, eq(users.id, contractDocuments.createdBy))
    .where(and(eq(contractDocuments.policyId, policyId), packVersion === undefined ? undefined : eq(contractDocuments.packVersion, packVersion)))
    .orderBy(desc(contractDocuments.packVersion), kindOrder);
  return rows.map(toDocument);
}

export async function findDocument(db: Executor, policyId: number, documentId: number): Promise<StoredDocument | null> {
  const [row] = await db
    .select(documentColumns)
    .from(contractDocuments)
    .leftJoin(users, eq(users.id, contractDocuments.createdBy))
    .where(and(eq(contractDocuments.policyId, policyId), eq(contractDocuments.id, documentId)));
  return row ? toDocument(row) : null;
}
