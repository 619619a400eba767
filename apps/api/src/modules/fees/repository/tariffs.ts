import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FeeExtraView, PolicyType } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { branches, feeTariffs, users } from '../../../db/schema/index';

/** A written tariff version with its author's name. */
export interface TariffRow {
  id: number;
  branchId: number;
  branchName: string;
  policyType: PolicyType;
  version: number;
  ratePercent: string;
  minimum: string;
  ivaPercent: string;
  extras: FeeExtraView[];
  createdBy: string | null;
  createdAt: Date;
}

const authorName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

const tariffColumns = {
  id: feeTariffs.id,
  branchId: feeTariffs.branchId,
  branchName: branches.name,
  policyType: feeTariffs.policyType,
  version: feeTariffs.version,
  ratePercent: feeTariffs.ratePercent,
  minimum: feeTariffs.minimum,
  ivaPercent: feeTariffs.ivaPercent,
  extras: feeTariffs.extras,
  createdBy: authorName,
  createdAt: feeTariffs.createdAt,
};

/** The branches (one, or all when `branchId` is undefined) with their names, by name. */
export async function listBranches(db: Executor, branchId: number | undefined): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(branchId === undefined ? undefined : eq(branches.id, branchId))
    .orderBy(branches.name, branches.id);
}

/** The highest version of each branch and policy type that has one (of one branch, or all). */
export async function currentTariffs(db: Executor, branchId: number | undefined): Promise<TariffRow[]> {
  const result = await db.execute(sql`
    select distinct on (t.branch_id, t.policy_type) t.id
      from ${feeTariffs} t
     where ${branchId === undefined ? sql`true` : sql`t.branch_id = ${branchId}`}
     order by t.branch_id, t.policy_type, t.version desc`);
  const ids = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select(tariffColumns)
    .from(feeTariffs)
    .innerJoin(branches, eq(branches.id, feeTariffs.branchId))
    .leftJoin(users, eq(users.id, feeTariffs.createdBy))
    .where(inArray(feeTariffs.id, ids));
}

/** Every version of one branch's tariff for a policy type, newest first. */
export async function tariffVersions(db: Executor, branchId: number, policyType: PolicyType): Promise<TariffRow[]> {
  return db
    .select(tariffColumns)
    .from(feeTariffs)
    .innerJoin(branches, eq(branches.id, feeTariffs.branchId))
    .leftJoin(users, eq(users.id, feeTariffs.createdBy))
    .where(and(eq(feeTariffs.branchId, branchId), eq(feeTariffs.policyType, policyType)))
    .orderBy(desc(feeTariffs.version));
}

/** The current version of one branch's tariff for a policy type, or undefined (the defaults). */
export async function currentTariff(db: Executor, branchId: number, policyType: PolicyType): Promise<TariffRow | undefined> {
  const [row] = await db
    .select(tariffColumns)
    .from(feeTariffs)
    .innerJoin(branches, eq(branches.id, feeTariffs.branchId))
    .leftJoin(users, eq(users.id, feeTariffs.createdBy))
    .where(and(eq(feeTariffs.branchId, branchId), eq(feeTariffs.policyType, policyType)))
    .orderBy(desc(feeTariffs.version))
    .limit(1);
  return row;
}

export interface NewTariff {
  branchId: number;
  policyType: PolicyType;
  version: number;
  ratePercent: string;
  minimum: string;
  ivaPercent: string;
  extras: FeeExtraView[];
  createdBy: number;
}

export async function insertTariff(db: Executor, tariff: NewTariff): Promise<void> {
  await db.insert(feeTariffs).values(tariff);
}
