import crypto from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  FileRejection,
  storedNameFor,
  storedNamePattern,
  UploadInspector,
  type DownloadHeaders,
  type FileStore,
  type ListedFile,
  type SaveOptions,
  type StoredFile,
} from './file-store';

export interface S3StoreOptions {
  bucket: string;
  /** Keys are `{prefix}/{storedName}`; '' puts them at the bucket's root. */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Whether downloads are answered with a redirect to a presigned URL instead of streamed here. */
  presignDownloads: boolean;
}

/**
 * Multipart parts of 5 MiB (S3's smallest), one uploading at a time: an upload holds about
 * (queueSize + 1) × partSize in memory whatever the file's size. With two at once the 100 MB
 * upload's peak growth reached 38–65 MB on PostgreSQL, once over issue 18's 64 MB bound in CI;
 * with one, 37–42 MB in the same test, and no slower (1.2–1.6 s against s3rver on loopback).
 */
const partSize = 5 * 1024 * 1024;
const queueSize = 1;
/** A presigned download is fetched right after the redirect; a minute covers a slow client. */
const presignSeconds = 60;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, GCS's S3 API). An upload streams through
 * the same inspector as on disk; the multipart upload starts only once the type is known (the key
 * carries its extension) and is aborted if the inspector fails, so a rejected file leaves no
 * object and no parts behind.
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;

  /** `listPageSize`: keys per ListObjectsV2 page (S3's most is 1000; tests use fewer to see the paging). */
  constructor(
    private readonly options: S3StoreOptions,
    private readonly listPageSize = 1000,
  ) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // The SDK's default CRC checksums send aws-chunked bodies that several S3-compatible servers refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get location(): string {
    return `s3://${this.options.bucket}/${this.options.prefix}`;
  }

  async save(source: Readable, options: SaveOptions): Promise<StoredFile> {
    const inspector = new UploadInspector(options);
    // The Upload reads the inspector and fails with it; a failure before it starts reading (a small
    // file refused at its end) is kept in `inspector.errored` rather than thrown at the process.
    inspector.on('error', () => undefined);
    source.once('error', (error) => inspector.destroy(error instanceof FileRejection ? error : new FileRejection('incomplete')));
    source.pipe(inspector);
    // The rest of a refused body is read and dropped, so the request can still be answered.
    const drainSource = () => {
      source.unpipe(inspector);
      source.resume();
    };
    const judged = await inspector.whenJudged().catch((error: unknown) => {
      drainSource();
      throw error;
    });
    if (judged === null) {
      // Ended before any byte (a refused type errors instead): nothing was sent to the bucket.
      inspector.resume();
      throw new FileRejection('empty');
    }
    const storedName = storedNameFor(crypto.randomUUID(), judged);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.keyOf(storedName), Body: inspector, ContentType: 'application/octet-stream' },
      partSize,
      queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      drainSource();
      // The inspector's own failure (refused, too large, cut short) is the reason; the SDK's wrapping is not.
      const cause = inspector.errored ?? error;
      throw cause instanceof FileRejection || !source.errored ? cause : new FileRejection('incomplete');
    }
    return inspector.storedFile(storedName, inspector.acceptedType());
  }

  /**
   * Stores a file under its existing name (a migration from disk). With `expectedSha256` the
   * bytes are hashed on their way and the upload is abandoned, nothing stored, if they differ.
   */
  async copyIn(storedName: string, source: Readable, expectedSha256: string | null): Promise<{ size: number; sha256: string }> {
    const checked = new ChecksumCheck(expectedSha256);
    source.once('error', (error) => checked.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.keyOf(storedName), Body: source.pipe(checked), ContentType: 'application/octet-stream' },
      partSize,
      queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw checked.errored ?? error;
    }
    return { size: checked.received, sha256: checked.sha256 };
  }

  async sizeOf(storedName: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(storedName) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A stream at once (callers pipe it synchronously), fed by GetObject when its answer arrives. */
  open(storedName: string): Readable {
    const output = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(storedName) }))
      .then((object) => {
        const body = object.Body as Readable;
        body.once('error', (error) => output.destroy(error));
        output.once('close', () => body.destroy());
        body.pipe(output);
      })
      .catch((error: unknown) => output.destroy(error as Error));
    return output;
  }

  async remove(storedName: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(storedName) }));
  }

  /** One ListObjectsV2 page (up to 1000 keys) per batch, following continuation tokens. */
  async *storedFiles(): AsyncGenerator<ListedFile[]> {
    const prefix = this.options.prefix ? `${this.options.prefix}/` : '';
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: this.listPageSize }),
      );
      const files: ListedFile[] = [];
      for (const object of page.Contents ?? []) {
        const storedName = object.Key?.slice(prefix.length) ?? '';
        if (storedNamePattern.test(storedName)) files.push({ storedName, modifiedAt: object.LastModified?.getTime() ?? 0 });
      }
      if (files.length > 0) yield files;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Nothing to do here: a failed upload aborts its multipart upload itself. Parts of a process
   * killed mid-upload are for the bucket's lifecycle rule (AbortIncompleteMultipartUpload).
   */
  sweepTemporaryFiles(): Promise<number> {
    return Promise.resolve(0);
  }

  async downloadUrl(storedName: string, headers: DownloadHeaders): Promise<string | null> {
    if (!this.options.presignDownloads) return null;
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: this.keyOf(storedName),
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: headers.contentDisposition,
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: presignSeconds });
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }

  private keyOf(storedName: string): string {
    // Names come from the database, written by save(); anything else is a bug, not a key to follow.
    if (!storedNamePattern.test(storedName)) throw new Error(`invalid stored file name: ${storedName}`);
    return this.options.prefix ? `${this.options.prefix}/${storedName}` : storedName;
  }
}

/** The SHA-256 a copy must have; fails the stream at its end (before the upload completes) when it differs. */
export class ChecksumMismatch extends Error {
  constructor(readonly actual: string) {
    super(`SHA-256 differs: ${actual}`);
    this.name = 'ChecksumMismatch';
  }
}

class ChecksumCheck extends Transform {
  received = 0;
  sha256 = '';
  private readonly hash = crypto.createHash('sha256');

  constructor(private readonly expected: string | null) {
    super();
    this.on('error', () => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.received += chunk.length;
    done(null, chunk);
  }

  override _flush(done: (error?: Error | null) => void) {
    this.sha256 = this.hash.digest('hex');
    done(this.expected && this.expected !== this.sha256 ? new ChecksumMismatch(this.sha256) : null);
  }
}

function isNotFound(error: unknown): boolean {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return named?.name === 'NotFound' || named?.name === 'NoSuchKey' || named?.$metadata?.httpStatusCode === 404;
}
