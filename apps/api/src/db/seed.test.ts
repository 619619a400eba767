import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { verifyPassword } from '../lib/passwords';
import { DEFAULT_ADMIN_EMAIL, seedIfEmpty } from './seed';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('seedIfEmpty', () => {
  it('creates the three branches and an admin in Sucursal Polanco with a generated password, once', async () => {
    const db = testDb.database.db;
    const first = await seedIfEmpty(db, {});
    expect(first).toMatchObject({ seeded: true, adminEmail: DEFAULT_ADMIN_EMAIL });
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);

    const result = await db.execute(sql`
      select b.name, a.state, a.zip_code, u.email, u.role, u.password_hash
      from branches b join addresses a on a.id = b.address_id left join users u on u.branch_id = b.id order by b.id`);
    const rows = (result as unknown as { rows: Array<Record<string, string>> }).rows;
    expect(rows.map((r) => r.name)).toEqual(['Sucursal Polanco', 'Sucursal Santa Fe', 'Sucursal Del Valle']);
    expect(rows.every((r) => r.state === 'Ciudad de México' && /^\d{5}$/.test(r.zip_code!))).toBe(true);
    expect(rows[0]).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: 'admin' });
    expect(await verifyPassword(rows[0]!.password_hash!, first.generatedPassword!)).toBe(true);

    const second = await seedIfEmpty(db, { email: 'otro@test.mx', password: 'Otra-Clave-1' });
    expect(second).toEqual({ seeded: false });
    const count = await db.execute(sql`select count(*)::int as n from branches`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(3);
  });
});
