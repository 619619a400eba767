import { sql, type AnyColumn } from 'drizzle-orm';
import { versionMatches, type IfMatch } from '@portal/domain';
import type { AppError } from '../lib/app-error';
import { staleVersion } from '../lib/conditional-write';
import { rowsOf, type Executor } from './client';

/**
 * Conditional writes (issue 28, decision 023), the database side. The tables whose rows carry a
 * `version` raised by the trigger of migration 0025, and who saved them last (`updated_by`, the
 * app's to set; whatsapp_gateways and addendums had it already).
 */
export type VersionedTable = 'policies' | 'addendums' | 'appointments' | 'leads' | 'branches' | 'users' | 'whatsapp_gateways' | 'brokers';

/** The 412: the record changed since the form read it; the message says who saved and when. */
export async function staleVersionError(db: Executor, table: VersionedTable, id: number): Promise<AppError> {
  const result = await db.execute(sql`
    SELECT t.updated_at AS "savedAt", nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS "savedBy"
    FROM ${sql.identifier(table)} t LEFT JOIN users u ON u.id = t.updated_by
    WHERE t.id = ${id}`);
  const [row] = rowsOf<{ savedAt: Date | string; savedBy: string | null }>(result);
  return staleVersion(row?.savedBy ?? null, row ? new Date(row.savedAt) : new Date());
}

/**
 * Throws the 412 when `condition` does not hold for the row's `current` version. Call it with a
 * version read under the row's lock (SELECT … FOR UPDATE) in the transaction that writes: no
 * other write can come between the check and the write.
 */
export async function ensureVersion(db: Executor, table: VersionedTable, id: number, current: number, condition: IfMatch | undefined): Promise<void> {
  if (!versionMatches(condition, current)) throw await staleVersionError(db, table, id);
}

/**
 * The condition as SQL on a version column, for an `UPDATE … WHERE` that writes only a current
 * row (none: always true). When it updates nothing, the caller tells a missing row (404) from a
 * changed one (412).
 */
export function versionCondition(column: AnyColumn, condition: IfMatch | undefined) {
  if (!condition || condition.kind === 'any') return sql`true`;
  if (condition.versions.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(condition.versions.map((version) => sql`${version}`), sql`, `)})`;
}
