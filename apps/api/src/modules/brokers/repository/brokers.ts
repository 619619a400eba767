import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { foldForSearch, type Broker, type BrokerKind, type BrokerValues, type IfMatch, type RecordStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { versionCondition } from '../../../db/record-versions';
import { inBranchScope } from '../../../db/scope';
import { containsPattern, foldSql } from '../../../db/sql-search';
import { branches, brokers } from '../../../db/schema/index';
import type { BranchScope } from '../../../lib/branch-scope';

/** The directory's SQL (issue 34): every read is filtered by the actor's branch scope. */

const brokerColumns = {
  id: brokers.id,
  branchId: brokers.branchId,
  branchName: branches.name,
  kind: brokers.kind,
  name: brokers.name,
  rfc: brokers.rfc,
  contactName: brokers.contactName,
  email: brokers.email,
  phone: brokers.phone,
  bank: brokers.bank,
  clabe: brokers.clabe,
  accountHolder: brokers.accountHolder,
  commissionPercent: brokers.commissionPercent,
  effectiveCommissionPercent: sql<string>`coalesce(${brokers.commissionPercent}, ${branches.commissionPercent})`,
  commissionIvaPercent: brokers.commissionIvaPercent,
  isrWithholdingPercent: brokers.isrWithholdingPercent,
  ivaWithholdingPercent: brokers.ivaWithholdingPercent,
  notes: brokers.notes,
  status: brokers.status,
  createdAt: brokers.createdAt,
  updatedAt: brokers.updatedAt,
  version: brokers.version,
};

type BrokerRow = Omit<Broker, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** numeric(5,2) as PostgreSQL writes it ('20.00') — PGlite and pg agree, but '20' from a default would not. */
const twoDecimals = (value: string) => Number.parseFloat(value).toFixed(2);

function toBroker(row: BrokerRow): Broker {
  return {
    ...row,
    commissionPercent: row.commissionPercent === null ? null : twoDecimals(row.commissionPercent),
    effectiveCommissionPercent: twoDecimals(row.effectiveCommissionPercent),
    commissionIvaPercent: twoDecimals(row.commissionIvaPercent),
    isrWithholdingPercent: twoDecimals(row.isrWithholdingPercent),
    ivaWithholdingPercent: twoDecimals(row.ivaWithholdingPercent),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectBrokers(db: Executor) {
  return db.select(brokerColumns).from(brokers).innerJoin(branches, eq(branches.id, brokers.branchId));
}

export interface BrokerFilter {
  scope: BranchScope;
  q?: string | undefined;
  kind?: BrokerKind | undefined;
  status?: RecordStatus | undefined;
}

/** The branch's brokers by name; the search looks at the name, contact, RFC and e-mail, accents aside. */
export async function listBrokers(db: Executor, filter: BrokerFilter): Promise<Broker[]> {
  const conditions: Array<SQL | undefined> = [inBranchScope(brokers.branchId, filter.scope)];
  if (filter.kind) conditions.push(eq(brokers.kind, filter.kind));
  if (filter.status) conditions.push(eq(brokers.status, filter.status));
  const needle = foldForSearch(filter.q?.trim());
  if (needle) {
    const pattern = containsPattern(needle);
    conditions.push(
      or(
        sql`${foldSql(sql`${brokers.name}`)} like ${pattern}`,
        sql`${foldSql(sql`${brokers.contactName}`)} like ${pattern}`,
        sql`lower(${brokers.rfc}) like ${pattern}`,
        sql`lower(${brokers.email}) like ${pattern}`,
      ),
    );
  }
  const rows = await selectBrokers(db)
    .where(and(...conditions))
    .orderBy(asc(brokers.name), asc(brokers.id))
    .limit(500);
  return rows.map(toBroker);
}

/** One broker within the scope (null: none, or another branch's). */
export async function findBroker(db: Executor, id: number, scope: BranchScope): Promise<Broker | null> {
  const [row] = await selectBrokers(db).where(and(eq(brokers.id, id), inBranchScope(brokers.branchId, scope)));
  return row ? toBroker(row) : null;
}

type StoredValues = Omit<BrokerValues, 'branchId' | 'status'> & { branchId: number; status: RecordStatus };

export async function insertBroker(db: Executor, values: StoredValues, actorId: number): Promise<number> {
  const [row] = await db
    .insert(brokers)
    .values({ ...values, createdBy: actorId, updatedBy: actorId })
    .returning({ id: brokers.id });
  return row!.id;
}

/** Writes only the version the form was loaded at (false otherwise, decision 023); raises the version. */
export async function updateBroker(db: Executor, id: number, values: StoredValues, actorId: number, ifMatch: IfMatch | undefined): Promise<boolean> {
  const [row] = await db
    .update(brokers)
    .set({ ...values, updatedBy: actorId, updatedAt: new Date(), version: sql`${brokers.version} + 1` })
    .where(and(eq(brokers.id, id), versionCondition(brokers.version, ifMatch)))
    .returning({ id: brokers.id });
  return !!row;
}
