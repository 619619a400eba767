import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizePhone } from '@portal/domain';
import { apiRoot } from '../../api-root';
import { rowsOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/**
 * Migration 0021 (issue 20): lead numbers typed before numbers were kept as E.164 are rewritten
 * as the domain's normalizePhone reads them, so the WhatsApp webhook matches them; what it cannot
 * read for certain stays as typed. Run on the newest schema with old values put back, as the
 * migrator would run it.
 */
let testDb: TestDatabase;
const migration = fs.readFileSync(path.join(apiRoot, 'drizzle', '0021_lead_phones_e164.sql'), 'utf8');

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;

const rewritten = [
  '55 9000 4000',
  '(55) 9000-4000',
  '5590004000',
  '+52 55 9000 4000',
  '+52 1 55 9000 4000',
  '5215590004000',
  '52 33 1234 5678',
  '044 55 9000 4000',
  '045 81 8000 1234',
  '+525590004000',
];
// Foreign numbers already in E.164, and text no rule reads for certain: left as typed.
const keptAsTyped = ['+14155552671', '+1 415 555 2671', '90004000', '0000000000', 'llamar en la tarde', '55 9000 4000 ext 12'];

async function insertLead(phone: string, phonewhats: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db().execute(sql`INSERT INTO leads (branch_id, name, status, phone, phonewhats) VALUES (1, 'Lead viejo', 'cotizacion', ${phone}, ${phonewhats}) RETURNING id`));
  return Number(row!.id);
}

describe('migration 0021: lead numbers as E.164', () => {
  it("rewrites Mexican numbers exactly as normalizePhone reads them, and leaves what it cannot read for certain", async () => {
    const ids = new Map<string, number>();
    for (const typed of [...rewritten, ...keptAsTyped]) ids.set(typed, await insertLead(typed, typed));
    const blank = await insertLead('', '');

    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const rows = rowsOf<{ id: number; phone: string; phonewhats: string }>(await db().execute(sql`SELECT id, phone, phonewhats FROM leads`));
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    for (const typed of rewritten) {
      const expected = normalizePhone(typed);
      expect(expected, typed).toMatch(/^\+52\d{10}$/);
      expect(byId.get(ids.get(typed)!), typed).toMatchObject({ phone: expected, phonewhats: expected });
    }
    for (const typed of keptAsTyped) expect(byId.get(ids.get(typed)!), typed).toMatchObject({ phone: typed, phonewhats: typed });
    expect(byId.get(blank)).toMatchObject({ phone: '', phonewhats: '' });
  });
});
