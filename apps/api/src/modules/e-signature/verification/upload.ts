import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { verificationMessages } from '@portal/domain';
import { AppError, invalidField } from '../../../lib/app-error';

/** Signed packs are a few MB; a PDF far larger than this was not made by the portal. */
const maxVerifyBytes = 25 * 1024 * 1024;

const pdfMagic = Buffer.from('%PDF-');

/**
 * The SHA-256 of the request's `file` part, computed as it streams in: the file is never stored
 * or kept whole. Not multipart or no `file` → 400; empty → 400; over 25 MB → 413 (the parser
 * cuts an over-limit file short silently: `truncated` says so); not a PDF → 415.
 */
export async function sha256OfUploadedPdf(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw invalidField('file', verificationMessages.fileRequired);
  const part = await request.file({ limits: { fileSize: maxVerifyBytes, files: 1, fields: 2, parts: 3 } }).catch(() => {
    throw invalidField('file', verificationMessages.fileRequired);
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw invalidField('file', verificationMessages.fileRequired);
  }
  const hash = crypto.createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (head.length < pdfMagic.length) head = Buffer.concat([head, chunk.subarray(0, pdfMagic.length - head.length)]);
    hash.update(chunk);
    size += chunk.length;
  }
  if (part.file.truncated) throw new AppError(413, verificationMessages.fileTooLarge, [{ field: 'file', message: verificationMessages.fileTooLarge }]);
  if (size === 0) throw invalidField('file', verificationMessages.fileRequired);
  if (!head.equals(pdfMagic)) throw new AppError(415, verificationMessages.notPdf, [{ field: 'file', message: verificationMessages.notPdf }]);
  return hash.digest('hex');
}
