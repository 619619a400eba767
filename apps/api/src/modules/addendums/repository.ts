import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Addendum, AddendumStatus } from '@portal/domain';
import type { Executor } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/capped-count';
import { inBranchScope } from '../../db/scope';
import { containsPattern, foldSql } from '../../db/sql-search';
import type { BranchScope } from '../../lib/branch-scope';
import { addendums, policies } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/keyset-cursor';

type AddendumRow = typeof addendums.$inferSelect;

/** What the policy says of an addendum: its number (else its folio) and its tenants. */
const policyNumber = sql<string>`coalesce(nullif(${policies.policyNumber}, ''), ${policies.investigationId})`;
const clientName = sql<string>`array_to_string(${policies.tenantNames}, ', ')`;


/** Which addendums a read selects; every field left out selects all. */
export interface AddendumFilter {
  scope: BranchScope;
  id?: number;
  /** Folded text the policy number, client name or description contains. */
  text?: string | undefined;
  /** Only one policy's addendums. */
  policyId?: number;
  /** Only the addendums in this status (the list's 'Estado' filter, issue 20). */
  status?: AddendumStatus | undefined;
}

function filterSql(filter: AddendumFilter): SQL | undefined {
  return and(
    inBranchScope(addendums.branchId, filter.scope),
    filter.id === undefined ? undefined : eq(addendums.id, filter.id),
    filter.text ? matchesText(filter.text) : undefined,
    filter.policyId === undefined ? undefined : eq(addendums.policyId, filter.policyId),
    filter.status === undefined ? undefined : eq(addendums.status, filter.status),
  );
}

/** The search of the list: policy number, client name or description contains the folded text. */
function matchesText(needle: string): SQL {
  const pattern = containsPattern(needle);
  return sql`(${foldSql(sql`${policies.policyNumber} || ' ' || ${policies.investigationId}`)} like ${pattern}
    or ${foldSql(sql`array_to_string(${policies.tenantNames}, ' ')`)} like ${pattern}
    or ${foldSql(sql`${addendums.description}`)} like ${pattern})`;
}

export async function findAddendums(db: Executor, filter: AddendumFilter, page?: { after: CursorPosition | null; limit: number }) {
  const position = page?.after
    ? sql`(${addendums.createdAt}, ${addendums.id}) < (${page.after.createdAt.toISOString()}::timestamptz, ${page.after.id})`
    : undefined;
  const query = db
    .select({ addendum: addendums, policyNumber, clientName })
    .from(addendums)
    .innerJoin(policies, eq(policies.id, addendums.policyId))
    .where(and(filterSql(filter), position))
    .orderBy(desc(addendums.createdAt), desc(addendums.id));
  const rows = page ? await query.limit(page.limit) : await query;
  return rows.map(({ addendum, ...fromPolicy }) => ({ row: addendum, response: toAddendum(addendum, fromPolicy) }));
}

/** How many addendums match, counted up to the cap. */
export function countAddendums(db: Executor, filter: AddendumFilter): Promise<CappedTotal> {
  const matching = db
    .select({ one: sql`1` })
    .from(addendums)
    .innerJoin(policies, eq(policies.id, addendums.policyId))
    .where(filterSql(filter));
  return cappedCount(db, matching);
}

/** One addendum's row within `scope`; with `lock`, held for the write that follows in the transaction. */
export async function findAddendumRow(db: Executor, id: number, scope: BranchScope, lock = false): Promise<AddendumRow | null> {
  const query = db.select().from(addendums).where(filterSql({ id, scope }));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export type AddendumValues = Omit<typeof addendums.$inferInsert, 'id' | 'createdAt'>;

export async function insertAddendum(db: Executor, values: AddendumValues): Promise<number> {
  const [row] = await db.insert(addendums).values(values).returning({ id: addendums.id });
  return row!.id;
}

export async function updateAddendum(db: Executor, id: number, values: Partial<AddendumValues>): Promise<void> {
  await db.update(addendums).set(values).where(eq(addendums.id, id));
}

/** The active policy an addendum may be written for, within `scope`. */
export async function findActivePolicy(db: Executor, policyId: number, scope: BranchScope) {
  const [row] = await db
    .select({ id: policies.id, branchId: policies.branchId })
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.status, 'active'), inBranchScope(policies.branchId, scope)));
  return row ?? null;
}

function toAddendum(row: AddendumRow, fromPolicy: { policyNumber: string; clientName: string }): Addendum {
  return {
    id: row.id,
    policyId: row.policyId,
    policyNumber: fromPolicy.policyNumber,
    clientName: fromPolicy.clientName,
    description: row.description,
    amount: row.amount,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    branchId: row.branchId,
    files:
      row.fileStoredName && row.fileOriginalName && row.fileMimeType && row.fileSize !== null && row.fileUploadedAt
        ? [{ originalFilename: row.fileOriginalName, mimeType: row.fileMimeType, size: row.fileSize, uploadedAt: row.fileUploadedAt.toISOString() }]
        : [],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
