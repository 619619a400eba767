import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { apiRoot } from '../../api-root';
import { leadNotes } from '../../db/schema/index';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/**
 * Migration 0019 (issue 20): the old `leads.notes` text becomes `lead_notes` rows. The database is
 * migrated to the newest schema, then given back the old column as 0018 left it, filled as the
 * spec's clients wrote it; 0019's SQL then runs on it as the migrator would run it.
 */
let testDb: TestDatabase;
const migration = fs.readFileSync(path.join(apiRoot, 'drizzle', '0019_lead_notes_from_text.sql'), 'utf8');

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

async function insertOldLead(notes: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    sql`INSERT INTO leads (branch_id, name, status, notes, created_at) VALUES (1, 'Lead viejo', 'cotizacion', ${notes}, '2025-01-10T10:00:00Z') RETURNING id`,
  );
  return Number(row!.id);
}

describe('migration 0019: lead notes from the old text column', () => {
  it('copies one string as one note, a JSON array as one note each (blanks skipped), invalid JSON as one note, then drops the column', async () => {
    await db().execute(sql.raw(`ALTER TABLE leads ADD COLUMN notes text NOT NULL DEFAULT ''`));
    const plain = await insertOldLead('Busca departamento en Roma Norte');
    const array = await insertOldLead('["Primera", "  ", "Segunda", "", 42]');
    const invalid = await insertOldLead('[no es JSON');
    const blank = await insertOldLead('   ');

    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const rows = await db().select().from(leadNotes).orderBy(asc(leadNotes.leadId), asc(leadNotes.createdAt), asc(leadNotes.id));
    const bodiesOf = (leadId: number) => rows.filter((row) => row.leadId === leadId).map((row) => row.body);
    expect(bodiesOf(plain)).toEqual(['Busca departamento en Roma Norte']);
    expect(bodiesOf(array)).toEqual(['Primera', 'Segunda', '42']);
    expect(bodiesOf(invalid)).toEqual(['[no es JSON']);
    expect(bodiesOf(blank)).toEqual([]);
    // No author is known; the notes keep their order through their times.
    expect(rows.every((row) => row.authorId === null)).toBe(true);
    const arrayTimes = rows.filter((row) => row.leadId === array).map((row) => row.createdAt.getTime());
    expect(arrayTimes).toEqual([...arrayTimes].sort((a, b) => a - b));
    expect(new Set(arrayTimes).size).toBe(arrayTimes.length);

    const columns = await rowsOf(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'leads' AND column_name = 'notes'`);
    expect(columns).toHaveLength(0);
  });
});
