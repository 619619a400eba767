import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseIfMatch, recordVersionMessages, staleVersionMessage, versionETag, type IfMatch } from '@portal/domain';
import { AppError, invalidField } from './app-error';

/**
 * Conditional writes (issue 28, decision 023), the HTTP side: a record's answer carries its
 * version as a strong ETag, and a save may name the version it was loaded at in If-Match.
 */

/**
 * The save's precondition: undefined without If-Match (the spec's client writes as before). A
 * header that is not RFC 9110's grammar is a 400 naming it: ignoring it would write over another
 * save, and a 412 would send the user to reload for a version that never existed.
 */
export function ifMatchOf(request: FastifyRequest): IfMatch | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const condition = parseIfMatch(Array.isArray(header) ? header.join(',') : header);
  if (!condition) throw invalidField('If-Match', recordVersionMessages.invalidIfMatch);
  return condition;
}

/** Sets the record's ETag on the answer and gives the record back (a GET's or a save's). */
export function withETag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  void reply.header('etag', versionETag(record.version));
  return record;
}

/** The 412: the record changed since the form read it; the message says who saved it and when. */
export function staleVersion(savedBy: string | null, savedAt: Date): AppError {
  return new AppError(412, staleVersionMessage(savedBy, savedAt));
}

/**
 * For the texts kept as numbered versions (contract templates, the privacy notice): whether a
 * save that names `ifMatch` may add the version after `latest` (none: the scope has no text yet,
 * version 0). Throws the 412 naming who wrote the latest one.
 */
export function ensureLatestVersion(ifMatch: IfMatch | undefined, latest: { version: number; createdByName: string; createdAt: string } | undefined): void {
  if (!ifMatch || ifMatch.kind === 'any') return;
  if (ifMatch.versions.includes(latest?.version ?? 0)) return;
  throw staleVersion(latest?.createdByName || null, latest ? new Date(latest.createdAt) : new Date());
}
