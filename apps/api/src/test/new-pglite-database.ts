import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';

/** A folder of its own for the calling test file, removed after it. */
export function scratchFolder(): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  return work;
}

/**
 * A new PGlite database in `dir` (from `template` when given, else the build's), migrated and
 * seeded as a first start does: the e-mails of its users, read back.
 */
export async function newSeededDatabase(dir: string, template?: string): Promise<string[]> {
  const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { email: 'admin@plantilla.mx', password: 'Plantilla-Clave-1' });
    return rowsOf<{ email: string }>(await database.db.execute(sql`select email from users`)).map((row) => row.email);
  } finally {
    await database.close();
  }
}
