import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CommandError } from '../db/command-database';
import { latestMigration } from '../db/migrate';
import { dumpPgliteDirectory, loadPgliteDirectory } from '../db/pglite-archive';
import { lockDataDirectory } from '../db/pglite-lock';

/**
 * Backups of the embedded default (PGlite in $DATA_DIR/db, files in $DATA_DIR/files), as a plain
 * directory anyone can inspect and copy elsewhere:
 *   manifest.json      what is inside, with each file's size and SHA-256
 *   database.tar.gz    the PGlite data directory (dumpDataDir after a checkpoint)
 *   data/…             the rest of $DATA_DIR (files/, jwt-secret), as it was
 * Both commands hold the data directory's lock (db.lock, as the server does): with a server
 * running they stop and say so, and no server can start on the directory while they work.
 */

const MANIFEST = 'manifest.json';
const DATABASE_ARCHIVE = 'database.tar.gz';
const DATA = 'data';
const FORMAT = 'portal-de-polizas-backup-1';

/** What $DATA_DIR holds that is not copied as files: the database (dumped) and the lock; partial uploads in files/tmp are not kept. */
const notCopied = new Set(['db', 'db.lock', path.join('files', 'tmp')]);

interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  /** The newest migration of the code that made it: a restored copy is migrated forward, never back. */
  migration: string;
  database: ManifestFile;
  files: ManifestFile[];
}

/** `backups/2026-11-24T0623` (UTC), with -2, -3… when that minute already has one. */
export async function newBackupDirectory(parent: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().slice(0, 16).replace(':', '');
  for (let n = 1; ; n++) {
    const candidate = path.join(parent, n === 1 ? stamp : `${stamp}-${n}`);
    if (!(await exists(candidate))) return candidate;
  }
}

/** Copies $DATA_DIR into `outDir` (new or empty); the server must be stopped. */
export async function backupDataDirectory(dataDir: string, outDir: string): Promise<BackupManifest> {
  const databaseDir = path.join(dataDir, 'db');
  if (!(await exists(path.join(databaseDir, 'PG_VERSION')))) throw new CommandError(`No hay una base de datos embebida en ${databaseDir}: revise DATA_DIR.`);
  if (isInside(outDir, dataDir)) throw new CommandError(`El respaldo no puede guardarse dentro de DATA_DIR (${dataDir}): elija otra carpeta.`);
  if (!(await isEmptyOrMissing(outDir))) throw new CommandError(`La carpeta ${outDir} ya tiene archivos: elija otra para el respaldo.`);
  return withDataDirectoryLock(dataDir, 'backup', () => removedOnFailure(outDir, () => copyDataDirectory(dataDir, outDir)));
}

/** The dump, the other files and, last, the manifest: a directory without one is no backup. */
async function copyDataDirectory(dataDir: string, outDir: string): Promise<BackupManifest> {
  await fs.mkdir(outDir, { recursive: true });
  const tarball = await dumpPgliteDirectory(path.join(dataDir, 'db'));
  await fs.writeFile(path.join(outDir, DATABASE_ARCHIVE), tarball);
  const files: ManifestFile[] = [];
  for (const relative of await filesToCopy(dataDir)) {
    const target = path.join(outDir, DATA, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(dataDir, relative), target);
    files.push({ path: relative.split(path.sep).join('/'), ...(await digest(target)) });
  }
  const manifest: BackupManifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    migration: latestMigration().tag,
    database: { path: DATABASE_ARCHIVE, bytes: tarball.length, sha256: crypto.createHash('sha256').update(tarball).digest('hex') },
    files,
  };
  await fs.writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup into `dataDir`, which must be empty or missing unless `force` (then what it
 * holds is deleted first). Every file of the backup is checked against the manifest before
 * anything is written. The server, started afterwards, applies any newer migration.
 */
export async function restoreDataDirectory(backupDir: string, dataDir: string, options: { force: boolean }): Promise<BackupManifest> {
  if (isInside(backupDir, dataDir)) throw new CommandError(`El respaldo está dentro de DATA_DIR (${dataDir}): muévalo a otra carpeta antes de restaurarlo.`);
  const manifest = await readManifest(backupDir);
  await verifyBackup(backupDir, manifest);
  if (!options.force && !(await isEmptyOrMissing(dataDir))) {
    throw new CommandError(`DATA_DIR (${dataDir}) no está vacío: restaure en una carpeta vacía, o agregue --force para reemplazar lo que contiene.`);
  }
  return withDataDirectoryLock(dataDir, 'restore', async () => {
    await emptyDataDirectory(dataDir);
    try {
      await writeBackup(backupDir, manifest, dataDir);
    } catch (error) {
      // Half a restore is worse than none: a server started on it would find rows without files.
      await emptyDataDirectory(dataDir).catch(() => {});
      throw error;
    }
    return manifest;
  });
}

async function writeBackup(backupDir: string, manifest: BackupManifest, dataDir: string): Promise<void> {
  await loadPgliteDirectory(path.join(dataDir, 'db'), await fs.readFile(path.join(backupDir, DATABASE_ARCHIVE)));
  for (const file of manifest.files) {
    const target = path.join(dataDir, ...file.path.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(backupDir, DATA, ...file.path.split('/')), target);
  }
}

/** Everything in $DATA_DIR but the lock this command holds. */
async function emptyDataDirectory(dataDir: string): Promise<void> {
  for (const entry of await fs.readdir(dataDir)) {
    if (entry !== 'db.lock') await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

/** A backup that failed half-way is removed, so no directory looks like a backup without being one. */
async function removedOnFailure<T>(dir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
}

async function readManifest(backupDir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(backupDir, MANIFEST), 'utf8').catch(() => {
    throw new CommandError(`${backupDir} no es un respaldo del Portal de Pólizas: falta ${MANIFEST}.`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== FORMAT) throw new CommandError(`${backupDir}: formato de respaldo desconocido (${String(manifest.format)}).`);
  for (const file of manifest.files) {
    // The manifest names paths inside the backup; '..' or an absolute path would write elsewhere.
    if (file.path.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(file.path)) {
      throw new CommandError(`${backupDir}: el manifiesto nombra una ruta no válida (${file.path}).`);
    }
  }
  return manifest;
}

async function verifyBackup(backupDir: string, manifest: BackupManifest): Promise<void> {
  const expected = [
    { ...manifest.database, at: path.join(backupDir, DATABASE_ARCHIVE) },
    ...manifest.files.map((file) => ({ ...file, at: path.join(backupDir, DATA, ...file.path.split('/')) })),
  ];
  for (const file of expected) {
    const found = await digest(file.at).catch(() => null);
    if (!found || found.sha256 !== file.sha256 || found.bytes !== file.bytes) {
      throw new CommandError(`El respaldo está incompleto o dañado: ${path.relative(backupDir, file.at)} falta o no coincide con ${MANIFEST}. No se restauró nada.`);
    }
  }
}

/** The lock the server takes (pglite-lock.ts): a running server, or another command, stops this one with a hint. */
async function withDataDirectoryLock<T>(dataDir: string, command: string, work: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = lockDataDirectory(dataDir);
  } catch (error) {
    throw new CommandError(
      `${error instanceof Error ? error.message : String(error)}\n` +
        `La base de datos embebida (PGlite) solo admite un proceso a la vez: detenga el servidor (Ctrl-C en npm start) y vuelva a ejecutar npm run ${command}.`,
    );
  }
  try {
    return await work();
  } finally {
    release();
  }
}

/** Every file under `dataDir` to copy, relative to it, sorted. */
async function filesToCopy(dataDir: string): Promise<string[]> {
  const entries = await fs.readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .filter((relative) => ![...notCopied].some((skipped) => relative === skipped || relative.startsWith(`${skipped}${path.sep}`)))
    .sort();
}

async function digest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { bytes, sha256: hash.digest('hex') };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return entries.length === 0;
}

function isInside(candidate: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(candidate));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
