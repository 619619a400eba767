import type { Db } from '../../db/client';
import type { DiskFileStore } from '../../lib/file-store';
import { ChecksumMismatch, type S3FileStore } from '../../lib/s3-file-store';
import { allReferencedFiles } from './repository';

export interface MigrationResult {
  /** Files the rows name. */
  referenced: number;
  copied: number;
  copiedBytes: number;
  /** Already in the bucket with the same size: a run cut short resumes where it stopped. */
  skipped: number;
  /** Named by a row but not on disk. */
  missing: string[];
  /** On disk with bytes whose SHA-256 is not the row's: not copied. */
  mismatched: string[];
}

/**
 * Copies every file a row names from the disk store to the bucket, under the same name, so the
 * rows need no change. Each copy is hashed on its way and compared with the row's SHA-256; a
 * differing one is abandoned before the upload completes. Objects already there with the
 * file's size are left alone, so the command can run again after an interruption.
 */
export async function migrateFiles(db: Db, source: DiskFileStore, target: S3FileStore, onProgress: (done: number, total: number) => void = () => {}): Promise<MigrationResult> {
  const files = await allReferencedFiles(db);
  const result: MigrationResult = { referenced: files.length, copied: 0, copiedBytes: 0, skipped: 0, missing: [], mismatched: [] };
  for (const [index, file] of files.entries()) {
    const size = await source.sizeOf(file.storedName);
    if (size === null) result.missing.push(file.storedName);
    else if ((await target.sizeOf(file.storedName)) === size) result.skipped++;
    else {
      try {
        const copied = await target.copyIn(file.storedName, source.open(file.storedName), file.sha256 || null);
        result.copied++;
        result.copiedBytes += copied.size;
      } catch (error) {
        if (!(error instanceof ChecksumMismatch)) throw error;
        result.mismatched.push(file.storedName);
      }
    }
    onProgress(index + 1, files.length);
  }
  return result;
}
