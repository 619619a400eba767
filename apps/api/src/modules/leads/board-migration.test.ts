import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoot } from '../../api-root';
import { rowsOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/**
 * Migration 0027 (issue 29): boards saved before the default «Póliza» became the won column get
 * it unless the branch chose another; the spec's 'Cotizacion' gets its accent. Run on the newest
 * schema with old rows put back, as the migrator would run it.
 */
let testDb: TestDatabase;
const migration = fs.readFileSync(path.join(apiRoot, 'drizzle', '0027_default_board_won_column.sql'), 'utf8');

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;

async function saveBoard(branchId: number, columns: Array<[id: string, title: string, isWon: boolean]>) {
  for (const [position, [id, title, isWon]] of columns.entries()) {
    await db().execute(sql`INSERT INTO lead_columns (branch_id, id, title, color, position, is_won) VALUES (${branchId}, ${id}, ${title}, '#0277bd', ${position}, ${isWon})`);
  }
}

describe('migration 0027: the default board has a won column', () => {
  it("marks «Póliza» won where a saved board has none, keeps a branch's own choice, and accents «Cotización»", async () => {
    await saveBoard(1, [
      ['cotizacion', 'Cotizacion', false],
      ['accion', 'Trabajando', false],
      ['poliza', 'Póliza', false],
    ]);
    await saveBoard(2, [
      ['cotizacion', 'Prospectos', false],
      ['poliza', 'Póliza', false],
      ['cerrado', 'Cerrado', true],
    ]);

    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const rows = rowsOf<{ branch_id: number; id: string; title: string; is_won: boolean }>(
      await db().execute(sql`SELECT branch_id, id, title, is_won FROM lead_columns ORDER BY branch_id, position`),
    );
    expect(rows.map((row) => [Number(row.branch_id), row.id, row.title, row.is_won])).toEqual([
      [1, 'cotizacion', 'Cotización', false],
      [1, 'accion', 'Trabajando', false],
      [1, 'poliza', 'Póliza', true],
      [2, 'cotizacion', 'Prospectos', false],
      [2, 'poliza', 'Póliza', false],
      [2, 'cerrado', 'Cerrado', true],
    ]);
  });
});
