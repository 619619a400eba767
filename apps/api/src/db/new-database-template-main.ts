import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgliteDatabase } from './client';
import { runMigrations } from './migrate';

/**
 * `node dist/new-database-template.mjs <file>` (run by scripts/build-api.mjs): writes the database
 * a first start on PGlite copies instead of running initdb (pglite-template.ts) — initdb's empty
 * database with the migrations already applied (issue 30: applying them was ≈ 2 s of a first
 * start's CPU). A start then applies only migrations newer than the template's, as on any
 * database (drizzle's rule: what is newer than the newest applied).
 */
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: new-database-template.mjs <file>');
const client = await PGlite.create({ extensions: { pg_trgm } });
try {
  await runMigrations(pgliteDatabase(client));
  await client.exec('CHECKPOINT');
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
} finally {
  await client.close();
}
