import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { newDatabaseTemplate, newDatabaseTemplateFile } from './pglite-template';
import { seedIfEmpty } from './seed';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A new database from `template`, migrated and seeded: the admin it seeded, read back. */
async function newDatabase(dir: string, template?: string) {
  const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { email: 'admin@plantilla.mx', password: 'Plantilla-Clave-1' });
    const result = await database.db.execute(sql`select email from users`);
    return (result as unknown as { rows: Array<{ email: string }> }).rows.map((row) => row.email);
  } finally {
    await database.close();
  }
}

// Its fallback to PGlite's initdb (a brand-new database: slow by nature) is in pglite-template.slow.test.ts.
describe('a new PGlite database from the build’s template', () => {
  it('is written by the build and used only for a directory that does not exist yet', async () => {
    // The test run's global setup built the server, and with it the template.
    expect(fs.statSync(newDatabaseTemplateFile).size).toBeGreaterThan(100_000);
    expect(await newDatabaseTemplate(path.join(work, 'nueva'))).toBeInstanceOf(Blob);
    expect(await newDatabaseTemplate(work)).toBeUndefined();
  });

  it('opens, migrates and seeds like one made by initdb, and opens again', async () => {
    const dir = path.join(work, 'desde-plantilla');
    expect(await newDatabase(dir)).toEqual(['admin@plantilla.mx']);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(await newDatabase(dir)).toEqual(['admin@plantilla.mx']);
  }, 120_000);
});
