import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, invalidField } from '../lib/app-error';
import { FileRejection, type FileStore, type StoredFile } from '../lib/file-store';
import { openFileStore } from '../lib/open-file-store';
import { downloadNameFor, uploadFileName, type DetectedFileType } from '../lib/file-type';
import { maxImageMegapixels } from '../lib/image-dimensions';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

/** A day is far longer than any upload; what is older in tmp/ was cut off by a crash. */
const abandonedUploadAgeMs = 24 * 60 * 60 * 1000;

/**
 * Uploaded files: multipart parsing with the configured size limit, and the store FILES_URL
 * names ($DATA_DIR/files by default, or a bucket). One `file` part per request; other parts are
 * refused rather than buffered.
 */
export const filesPlugin = fp(async (app) => {
  await app.register(multipart, {
    // Over-limit files are cut short and flagged `truncated`; receiveUpload answers 413 for them.
    throwFileSizeLimit: false,
    limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 100 },
  });
  const store = await openFileStore(app.config.files);
  const swept = await store.sweepTemporaryFiles(abandonedUploadAgeMs);
  if (swept > 0) app.log.warn({ swept }, 'removed abandoned partial uploads');
  app.decorate('files', store);
  app.addHook('onClose', () => store.close());
});

export interface UploadMessages {
  missing: string;
  empty: string;
  tooLarge: string;
  unsupportedType: string;
  /** For uploads that take images: one over the pixel limit (maxImageMegapixels), and one whose size cannot be read. */
  imageTooLarge?: (width: number, height: number, maxMegapixels: number) => string;
  imageUnreadable?: string;
}

export interface ReceivedUpload {
  stored: StoredFile;
  /**
   * The name to record: the one the user's computer gave, cleaned by the spec's rule, with the
   * extension of what the file is (uploadFileName): every upload path records names this way.
   */
  fileName: string;
}

/**
 * Streams the request's `file` part into the store. Too large → 413, a type outside `accept`
 * (read from the bytes, not the name) → 415, no file or an empty one, or an image too large in
 * pixels or whose size cannot be read → 400 on the field 'file'.
 */
export async function receiveUpload(
  request: FastifyRequest,
  accept: readonly DetectedFileType[],
  messages: UploadMessages,
  fallbackName = 'documento',
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw invalidField('file', messages.missing);
  const part = await request.file().catch((error: unknown) => {
    // The parser's own 4xx (too many parts…) stand; anything else it throws is a malformed body.
    if (isClientError(error)) throw error;
    throw invalidField('file', malformedUpload);
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw invalidField('file', messages.missing);
  }
  return storePart(request, part, accept, messages, 'file', fallbackName);
}

/** Saves one file part in the store, its refusals answered on `field` (413, 415, or 400). */
async function storePart(request: FastifyRequest, part: MultipartFile, accept: readonly DetectedFileType[], messages: UploadMessages, field: string, fallbackName: string): Promise<ReceivedUpload> {
  try {
    const stored = await request.server.files.save(part.file, { accept, wasTruncated: () => part.file.truncated });
    request.server.metrics.countUploadBytes(stored.size);
    return { stored, fileName: uploadFileName(part.filename, stored.type, fallbackName) };
  } catch (error) {
    if (!(error instanceof FileRejection)) throw error;
    if (error.reason === 'too-large') throw new AppError(413, messages.tooLarge, [{ field, message: messages.tooLarge }]);
    if (error.reason === 'unsupported-type') throw new AppError(415, messages.unsupportedType, [{ field, message: messages.unsupportedType }]);
    if (error.reason === 'incomplete') throw invalidField(field, malformedUpload);
    if (error.reason === 'too-many-pixels') {
      const { width, height } = error.dimensions!;
      throw invalidField(field, messages.imageTooLarge?.(width, height, maxImageMegapixels) ?? messages.unsupportedType);
    }
    if (error.reason === 'unreadable-image') throw invalidField(field, messages.imageUnreadable ?? messages.unsupportedType);
    throw badRequest(messages.empty, [{ field, message: messages.empty }]);
  }
}

export interface ReceivedForm {
  /** The text parts, as strings (the route's zod schema reads them like a JSON body's). */
  fields: Record<string, string>;
  /** The one file part named `fileField`, streamed into the store; null when the form has none. */
  upload: ReceivedUpload | null;
}

/**
 * A multipart form of text fields and at most one optional file (`fileField`), in any order: the
 * file is streamed into the store as it arrives (never buffered whole), with the checks of
 * receiveUpload. A file under another name is refused (400 on `fileField`). When anything fails
 * after the file was stored, the file is removed before the error goes on.
 */
export async function receiveForm(request: FastifyRequest, fileField: string, accept: readonly DetectedFileType[], messages: UploadMessages, fallbackName = 'comprobante'): Promise<ReceivedForm> {
  const fields: Record<string, string> = {};
  let upload: ReceivedUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || upload) {
        part.file.resume();
        throw invalidField(fileField, messages.missing);
      }
      upload = await storePart(request, part, accept, messages, fileField, fallbackName);
    }
  } catch (error) {
    if (upload) await discardStoredFile(request.server.files, upload.stored.storedName, request.log);
    if (error instanceof AppError || isClientError(error)) throw error;
    throw invalidField(fileField, malformedUpload);
  }
  return { fields, upload };
}

export interface ReceivedFiles {
  fields: Record<string, string>;
  /** The file parts named `fileField`, in the order sent, each streamed into the store. */
  uploads: ReceivedUpload[];
}

/**
 * A multipart form of text fields and up to `maxFiles` files under one name (an owner's report
 * with its photos, issue 33), each streamed into the store with receiveUpload's checks. One file
 * more than `maxFiles`, or a file under another name, is a 400 on `fileField`; when anything
 * fails, the files already stored are removed before the error goes on.
 */
export async function receiveFormFiles(
  request: FastifyRequest,
  fileField: string,
  accept: readonly DetectedFileType[],
  messages: UploadMessages & { tooMany: string },
  options: { maxFiles: number; maxFields: number; maxFieldBytes: number; fallbackName: string },
): Promise<ReceivedFiles> {
  const fields: Record<string, string> = {};
  const uploads: ReceivedUpload[] = [];
  // One file over the limit is let through busboy so it is answered with its own words (not a bare 413).
  const limits = { files: options.maxFiles + 1, fields: options.maxFields, fieldSize: options.maxFieldBytes, parts: options.maxFiles + options.maxFields + 1 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || uploads.length >= options.maxFiles) {
        part.file.resume();
        throw invalidField(fileField, part.fieldname !== fileField ? messages.missing : messages.tooMany);
      }
      uploads.push(await storePart(request, part, accept, messages, fileField, options.fallbackName));
    }
  } catch (error) {
    await Promise.all(uploads.map((upload) => discardStoredFile(request.server.files, upload.stored.storedName, request.log)));
    if (error instanceof AppError || isClientError(error)) throw error;
    throw invalidField(fileField, malformedUpload);
  }
  return { fields, uploads };
}

const malformedUpload = 'El archivo llegó incompleto o el formulario de carga no es válido';

function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export interface StoredDownload {
  storedName: string;
  mimeType: string;
  size: number;
  /** The name the browser saves it under (its extension made the stored type's by sendStoredFile). */
  downloadName: string;
}

/**
 * Streams a stored file with its type, length and a Content-Disposition naming it; never cached by
 * proxies. With S3_PRESIGN_DOWNLOADS the bucket serves it instead: a 302 to a URL valid for a
 * minute that answers with the same type and disposition.
 */
export async function sendStoredFile(reply: FastifyReply, file: StoredDownload, disposition: 'attachment' | 'inline' = 'attachment') {
  const headers = { contentType: file.mimeType, contentDisposition: contentDisposition(downloadNameFor(file.downloadName, file.mimeType), { type: disposition }) };
  const url = await reply.server.files.downloadUrl(file.storedName, headers);
  if (url) return reply.header('cache-control', 'no-store').redirect(url, 302);
  return reply
    .type(headers.contentType)
    .header('content-length', file.size)
    .header('content-disposition', headers.contentDisposition)
    .header('cache-control', 'private, no-store')
    .send(reply.server.files.open(file.storedName));
}

/** A file that outlived its row is only wasted space: log it, never fail a request that already committed. */
export async function discardStoredFile(files: FileStore, storedName: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await files.remove(storedName);
  } catch (error) {
    log.error({ err: error, storedName }, 'could not remove a stored file');
  }
}
