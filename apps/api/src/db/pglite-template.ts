import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { apiRoot } from '../api-root';

const gunzip = promisify(zlib.gunzip);

/**
 * A new PGlite database starts from a copy of an empty one (PGlite's initdb, then CHECKPOINT,
 * dumped with dumpDataDir) rather than running initdb: about half of a first start's time on a
 * 2-core machine (issue 30). scripts/build-api.mjs writes the copy once per PGlite version beside
 * the bundle; without it (a run from source before any build) PGlite runs initdb as before.
 */
export const newDatabaseTemplateFile = path.join(apiRoot, 'dist', 'new-pglite-database.tar.gz');

/**
 * The template as a tar, for a directory that does not exist yet; undefined when there is none to
 * use. Unzipped here rather than by PGlite, whose unzipping of a damaged file rejects a promise
 * no one awaits (the process would stop on it) instead of failing PGlite.create.
 */
export async function newDatabaseTemplate(dir: string, file = newDatabaseTemplateFile): Promise<Blob | undefined> {
  if (await exists(dir)) return undefined;
  const tar = await fs.readFile(file).then(gunzip, () => undefined).catch(() => undefined);
  return tar && new Blob([new Uint8Array(tar.buffer, tar.byteOffset, tar.byteLength)]);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
