import crypto from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { detectFileType, fileTypeExtension, fileTypeMime, fileTypeSniffBytes, type DetectedFileType } from './file-type';

export interface StoredFile {
  /** Path under the store's root, e.g. '3f/3f2a…c1.pdf': generated, never the user's name. */
  storedName: string;
  type: DetectedFileType;
  mimeType: string;
  size: number;
  sha256: string;
}

export type FileRejectionReason = 'too-large' | 'unsupported-type' | 'empty' | 'incomplete';

/** A file the store would not keep; the caller turns the reason into its own Spanish 413/415/400. */
export class FileRejection extends Error {
  constructor(readonly reason: FileRejectionReason) {
    super(`file rejected: ${reason}`);
    this.name = 'FileRejection';
  }
}

export interface SaveOptions {
  accept: readonly DetectedFileType[];
  /** Whether the source stopped at the size limit (multipart truncates silently; see STACK.md). */
  wasTruncated: () => boolean;
}

const storedNamePattern = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z]{3,4}$/;
const temporaryDir = 'tmp';

/**
 * Files on local disk under `root` (architecture: $DATA_DIR/files). A file is streamed into
 * tmp/ while its type is read from its first bytes and its SHA-256 and size are computed, flushed
 * to disk, then renamed into place: a reader never sees half a file, and memory holds one chunk
 * plus the first 8 KiB whatever the file's size.
 */
export class FileStore {
  constructor(readonly root: string) {}

  /** Throws unless the store can be used now: its root exists (made if missing) and is writable (readiness probe). */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    if (!(await stat(this.root)).isDirectory()) throw new Error(`the file store's root is not a directory: ${this.root}`);
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async save(source: Readable, options: SaveOptions): Promise<StoredFile> {
    const id = crypto.randomUUID();
    const temporaryPath = path.join(this.root, temporaryDir, `${id}.part`);
    await mkdir(path.dirname(temporaryPath), { recursive: true });
    const inspector = new UploadInspector(options.accept);
    try {
      // flush: fsync before close, so a row that names this file never outlives a crash that lost it.
      await pipeline(source, inspector, createWriteStream(temporaryPath, { flush: true })).catch((error: unknown) => {
        // The sender's fault (a body cut short, a broken multipart part) is told apart from the disk's.
        throw source.errored && !(error instanceof FileRejection) ? new FileRejection('incomplete') : error;
      });
      if (options.wasTruncated()) throw new FileRejection('too-large');
      if (inspector.size === 0 || !inspector.type) throw new FileRejection(inspector.size === 0 ? 'empty' : 'unsupported-type');
      const storedName = `${id.slice(0, 2)}/${id}${fileTypeExtension[inspector.type]}`;
      await mkdir(path.join(this.root, id.slice(0, 2)), { recursive: true });
      await rename(temporaryPath, this.pathOf(storedName));
      return { storedName, type: inspector.type, mimeType: fileTypeMime[inspector.type], size: inspector.size, sha256: inspector.digest() };
    } catch (error) {
      await removeQuietly(temporaryPath);
      throw error;
    }
  }

  /** The file's size, or null when it is not on disk (removed by hand, or a lost volume). */
  async sizeOf(storedName: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(storedName))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  open(storedName: string): ReadStream {
    return createReadStream(this.pathOf(storedName));
  }

  async remove(storedName: string): Promise<void> {
    await removeQuietly(this.pathOf(storedName));
  }

  /** Leftovers of uploads cut off by a crash; other instances' live uploads are younger than `olderThanMs`. */
  async sweepTemporaryFiles(olderThanMs: number, now = Date.now()): Promise<number> {
    const dir = path.join(this.root, temporaryDir);
    const names = await readdir(dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await removeQuietly(file);
        removed++;
      }
    }
    return removed;
  }

  /**
   * The stored files, one fan-out directory at a time (about 1/256 of them each), with their
   * modification time: what a sweep compares with the database.
   */
  async *storedFiles(): AsyncGenerator<Array<{ storedName: string; modifiedAt: number }>> {
    const shards = await readdir(this.root).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
    for (const shard of shards.filter((name) => /^[0-9a-f]{2}$/.test(name)).sort()) {
      const names = await readdir(path.join(this.root, shard));
      const files = [];
      for (const name of names) {
        const storedName = `${shard}/${name}`;
        if (!storedNamePattern.test(storedName)) continue;
        const info = await stat(this.pathOf(storedName)).catch(() => null);
        if (info?.isFile()) files.push({ storedName, modifiedAt: info.mtimeMs });
      }
      if (files.length > 0) yield files;
    }
  }

  pathOf(storedName: string): string {
    // Names come from the database, written by save(); anything else is a bug, not a path to follow.
    if (!storedNamePattern.test(storedName)) throw new Error(`invalid stored file name: ${storedName}`);
    return path.join(this.root, storedName);
  }
}

/** Passes bytes through while hashing them, counting them and judging the type from the head. */
class UploadInspector extends Transform {
  size = 0;
  type: DetectedFileType | null = null;
  private readonly hash = crypto.createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;
  private judged = false;

  constructor(private readonly accept: readonly DetectedFileType[]) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (!this.judged) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      // Refuse as soon as the head is read: a 100 MB executable is not written to disk first.
      if (this.headLength >= fileTypeSniffBytes && !this.judge()) return done(new FileRejection('unsupported-type'));
    }
    done(null, chunk);
  }

  override _flush(done: (error?: Error | null) => void) {
    if (!this.judged && this.size > 0 && !this.judge()) return done(new FileRejection('unsupported-type'));
    done();
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  /** Reads the type once; true when it is one the caller accepts. */
  private judge(): boolean {
    this.judged = true;
    const detected = detectFileType(Buffer.concat(this.head, this.headLength));
    this.head = [];
    this.type = detected && this.accept.includes(detected) ? detected : null;
    return this.type !== null;
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

async function removeQuietly(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}
