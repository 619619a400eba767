import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The embedded database's directory as one gzipped tarball (PGlite's dumpDataDir), taken after a
 * checkpoint. The caller holds the data directory's lock (pglite-lock.ts): no server writes
 * meanwhile, so the copy is consistent. The whole tarball is in memory: fine for the small
 * office's database PGlite is meant for.
 */
export async function dumpPgliteDirectory(dir: string): Promise<Buffer> {
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await client.exec('CHECKPOINT');
    return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Writes a tarball of dumpPgliteDirectory into `dir`, which must not hold a database yet, and checks it opens. */
export async function loadPgliteDirectory(dir: string, tarball: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const loadDataDir = new Blob([new Uint8Array(tarball)], { type: 'application/x-gzip' });
  const client = await PGlite.create(dir, { loadDataDir, extensions: { pg_trgm } });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}
