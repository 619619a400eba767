import type { Db } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { referencedNames } from './repository';

export interface SweepResult {
  /** Files on disk that no row names (removed unless it was a dry run). */
  unreferenced: string[];
  /** Files looked at. */
  scanned: number;
  bytes: number;
}

/**
 * Removes stored files that no document or addendum names: left by a crash between storing a
 * file and committing its row, or after a replacement whose old file could not be deleted.
 * Files younger than `olderThanMs` are left alone (an upload may be committing right now).
 */
export async function sweepUnreferencedFiles(db: Db, files: FileStore, options: { olderThanMs: number; dryRun: boolean; now?: number }): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const result: SweepResult = { unreferenced: [], scanned: 0, bytes: 0 };
  for await (const batch of files.storedFiles()) {
    result.scanned += batch.length;
    const names = batch.map((file) => file.storedName);
    const referenced = new Set(await referencedNames(db, names));
    for (const file of batch) {
      if (referenced.has(file.storedName) || now - file.modifiedAt < options.olderThanMs) continue;
      result.unreferenced.push(file.storedName);
      result.bytes += (await files.sizeOf(file.storedName)) ?? 0;
      if (!options.dryRun) await files.remove(file.storedName);
    }
  }
  return result;
}
