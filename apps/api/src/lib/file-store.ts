import crypto from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { detectFileType, fileTypeExtension, fileTypeMime, fileTypeSniffBytes, type DetectedFileType } from './file-type';
import { imageDimensions, imageHeaderSearchBytes, isOverPixelLimit, type ImageDimensions } from './image-dimensions';

export interface StoredFile {
  /** Path under the store's root, e.g. '3f/3f2a…c1.pdf': generated, never the user's name. */
  storedName: string;
  type: DetectedFileType;
  mimeType: string;
  size: number;
  sha256: string;
}

export type FileRejectionReason = 'too-large' | 'unsupported-type' | 'empty' | 'incomplete' | 'too-many-pixels' | 'unreadable-image';

/** A file the store would not keep; the caller turns the reason into its own Spanish 413/415/400. */
export class FileRejection extends Error {
  constructor(
    readonly reason: FileRejectionReason,
    /** An image's size, for 'too-many-pixels'. */
    readonly dimensions?: ImageDimensions,
  ) {
    super(`file rejected: ${reason}`);
    this.name = 'FileRejection';
  }
}

/** One stored file as a listing sees it: what a sweep or a migration compares with the database. */
export interface ListedFile {
  storedName: string;
  /** Milliseconds since the epoch. */
  modifiedAt: number;
}

/** What a download must carry wherever it is served from (this server, or a presigned URL). */
export interface DownloadHeaders {
  contentType: string;
  contentDisposition: string;
}

/**
 * Where uploaded files live: a directory (DiskFileStore, the default) or an S3 bucket
 * (S3FileStore). Both judge an upload by its first bytes while it streams in and keep nothing
 * of a file they reject; names are generated ('3f/3f2a…c1.pdf'), never the user's.
 */
export interface FileStore {
  /** Where the files are, for messages: a directory or s3://bucket/prefix. */
  readonly location: string;
  save(source: Readable, options: SaveOptions): Promise<StoredFile>;
  /** The file's size, or null when it is not there (removed by hand, or a lost volume). */
  sizeOf(storedName: string): Promise<number | null>;
  /** The file's bytes as a stream; a missing file errors the stream. */
  open(storedName: string): Readable;
  /** Removes the file; a file already gone is not an error. */
  remove(storedName: string): Promise<void>;
  /** The stored files in batches (one listing page or fan-out directory each). */
  storedFiles(): AsyncGenerator<ListedFile[]>;
  /** Removes leftovers of uploads cut off by a crash; returns how many. */
  sweepTemporaryFiles(olderThanMs: number, now?: number): Promise<number>;
  /** A short-lived address a browser may fetch the file from directly, or null to stream it here. */
  downloadUrl(storedName: string, headers: DownloadHeaders): Promise<string | null>;
  /** Throws when the store cannot be reached (for a readiness probe): cheap, reads no file. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface SaveOptions {
  accept: readonly DetectedFileType[];
  /** Whether the source stopped at the size limit (multipart truncates silently; see STACK.md). */
  wasTruncated: () => boolean;
}

export const storedNamePattern = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{3,4}$/;

/** A new file's name: a fan-out directory from the id's first two characters, then id and extension. */
export function storedNameFor(id: string, type: DetectedFileType): string {
  return `${id.slice(0, 2)}/${id}${fileTypeExtension[type]}`;
}
const temporaryDir = 'tmp';

/**
 * Files on local disk under `root` (architecture: $DATA_DIR/files). A file is streamed into
 * tmp/ while its type is read from its first bytes and its SHA-256 and size are computed, flushed
 * to disk, then renamed into place: a reader never sees half a file, and memory holds one chunk
 * plus the first 8 KiB whatever the file's size.
 */
export class DiskFileStore implements FileStore {
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

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
    const inspector = new UploadInspector(options);
    // flush: fsync before close, so a row that names this file never outlives a crash that lost it.
    const target = createWriteStream(temporaryPath, { flush: true });
    try {
      await pipeline(source, inspector, target).catch((error: unknown) => {
        // The sender's fault (a body cut short, a broken multipart part) is told apart from the disk's.
        throw source.errored && !(error instanceof FileRejection) ? new FileRejection('incomplete') : error;
      });
      const type = inspector.acceptedType();
      const storedName = storedNameFor(id, type);
      await mkdir(path.join(this.root, id.slice(0, 2)), { recursive: true });
      await rename(temporaryPath, this.pathOf(storedName));
      return inspector.storedFile(storedName, type);
    } catch (error) {
      // A refusal can come before the file was even opened: its open (and creation) would then land
      // after the removal and leave a .part behind. Wait for the stream to close first.
      if (!target.closed) await new Promise<void>((resolve) => target.once('close', () => resolve()));
      await removeQuietly(temporaryPath);
      throw error;
    }
  }

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
  async *storedFiles(): AsyncGenerator<ListedFile[]> {
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

  downloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  pathOf(storedName: string): string {
    // Names come from the database, written by save(); anything else is a bug, not a path to follow.
    if (!storedNamePattern.test(storedName)) throw new Error(`invalid stored file name: ${storedName}`);
    return path.join(this.root, storedName);
  }
}

/**
 * Passes bytes through while hashing them, counting them and judging the type from the head.
 * It fails the stream (so whatever consumes it, a file or a multipart upload, is abandoned)
 * when the type is refused, an image is too large in pixels or its size cannot be read, or the
 * source was cut at the size limit; it emits 'judged' once the type is known (or the stream
 * ended), which a store that needs the name first waits for.
 */
export class UploadInspector extends Transform {
  /** Bytes passed so far (not `size`: the SDK's Upload reads a body's `size` as its total length). */
  received = 0;
  type: DetectedFileType | null = null;
  private readonly hash = crypto.createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;
  private judged = false;
  /** An accepted image whose dimensions are not read yet: its head is kept until they are. */
  private measuring = false;

  constructor(private readonly options: SaveOptions) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.received += chunk.length;
    if (!this.judged || this.measuring) {
      this.head.push(chunk);
      this.headLength += chunk.length;
    }
    // Refuse as soon as the head is read: a 100 MB executable is not written to disk first.
    if (!this.judged && this.headLength >= fileTypeSniffBytes && !this.judge()) return done(new FileRejection('unsupported-type'));
    const refusal = this.measuring ? this.measure(false) : null;
    done(refusal, refusal ? undefined : chunk);
  }

  override _flush(done: (error?: Error | null) => void) {
    if (!this.judged && this.received > 0 && !this.judge()) return done(new FileRejection('unsupported-type'));
    // Multipart marks a file cut at the limit before it ends it: refuse before anything is committed.
    if (this.options.wasTruncated()) return done(new FileRejection('too-large'));
    const refusal = this.measuring ? this.measure(true) : null;
    if (refusal) return done(refusal);
    if (!this.judged) this.emit('judged');
    done();
  }

  /** The type once the whole file went through; an empty file is refused here. */
  acceptedType(): DetectedFileType {
    if (this.received === 0 || !this.type) throw new FileRejection(this.received === 0 ? 'empty' : 'unsupported-type');
    return this.type;
  }

  /** Resolves with the type (null for an empty file) as soon as it is known; rejects if the stream fails first. */
  whenJudged(): Promise<DetectedFileType | null> {
    if (this.errored) return Promise.reject(this.errored);
    if (this.judged) return Promise.resolve(this.type);
    return new Promise((resolve, reject) => {
      const onJudged = () => {
        this.off('error', onError);
        resolve(this.type);
      };
      const onError = (error: Error) => {
        this.off('judged', onJudged);
        reject(error);
      };
      this.once('judged', onJudged);
      this.once('error', onError);
    });
  }

  storedFile(storedName: string, type: DetectedFileType): StoredFile {
    return { storedName, type, mimeType: fileTypeMime[type], size: this.received, sha256: this.hash.digest('hex') };
  }

  /**
   * Reads the type once; true when it is one the caller accepts. An image is measured from here on;
   * 'judged' does not wait for that: a store that waits for it before reading (S3) would hold the
   * bytes a JPEG's size comes after, and the measure fails the stream, and with it the upload.
   */
  private judge(): boolean {
    this.judged = true;
    const detected = detectFileType(Buffer.concat(this.head, this.headLength));
    this.type = detected && this.options.accept.includes(detected) ? detected : null;
    this.measuring = this.type === 'png' || this.type === 'jpeg';
    if (!this.measuring) this.head = [];
    if (this.type) this.emit('judged');
    return this.type !== null;
  }

  /**
   * An image's dimensions from its header (issue 28: a 389 KB PNG can say 20,000 × 20,000): the
   * refusal when it is over the pixel limit, or when no size is found by the end of the file or
   * within the bytes a header may take; null while it is fine or still being read.
   */
  private measure(ended: boolean): FileRejection | null {
    // Only the first bytes count, however the chunks fell: the same file is judged the same way.
    const dimensions = imageDimensions(Buffer.concat(this.head, this.headLength).subarray(0, imageHeaderSearchBytes));
    if (!dimensions) return ended || this.headLength >= imageHeaderSearchBytes ? new FileRejection('unreadable-image') : null;
    this.measuring = false;
    this.head = [];
    return isOverPixelLimit(dimensions) ? new FileRejection('too-many-pixels', dimensions) : null;
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
