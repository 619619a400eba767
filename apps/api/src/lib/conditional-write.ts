import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseIfMatch, recordVersionMessages, versionETag, type IfMatch } from '@portal/domain';
import { invalidField } from './app-error';

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
