import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { newDatabaseTemplate, newDatabaseTemplateFile } from './pglite-template';
import { seedIfEmpty } from './seed';

/*
 * In `npm run test:slow` (CI runs it), not `npm test`: what it proves needs PGlite's initdb of a
 * brand-new database, several seconds of CPU by nature (issue 30). The template's own path is in
 * pglite-template.test.ts.
 */
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

describe('a new PGlite database from the build’s template', () => {
  it('falls back to initdb when the template is damaged or is not a database', async () => {
    const cut = path.join(work, 'cortada.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(newDatabaseTemplateFile).subarray(0, 50_000));
    expect(await newDatabaseTemplate(path.join(work, 'cortada'), cut)).toBeUndefined();
    const notADatabase = path.join(work, 'no-es-base.tar.gz');
    fs.writeFileSync(notADatabase, zlib.gzipSync('esto no es un tar'));
    expect(await newDatabase(path.join(work, 'sin-plantilla'), notADatabase)).toEqual(['admin@plantilla.mx']);
  }, 120_000);
});
