import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FileStore } from '../../lib/file-store';
import { publicBaseUrl } from '../../lib/public-url';
import type { TimestampAuthority } from './timestamp/authority';
import { httpTimestampAuthority } from './timestamp/http-authority';

/**
 * What a signer's request needs to complete a round when it is the last (issue 35): the file
 * store, the portal's public address (the /verificar address printed on the evidence page), the
 * time-stamping authority and the log. The simple signature and the e.firma routes pass
 * completionServices(request) to the service.
 */
export interface CompletionServices {
  files: FileStore;
  /** PUBLIC_URL, else the origin of the last signer's request (where they reached the portal). */
  publicBaseUrl: string;
  /** TSA_URL's authority; null when unset (the round is not time-stamped). */
  timestamps: TimestampAuthority | null;
  log: FastifyBaseLogger;
}

export function completionServices(request: FastifyRequest): CompletionServices {
  const { files, config } = request.server;
  return { files, publicBaseUrl: publicBaseUrl(request), timestamps: config.tsaUrl ? httpTimestampAuthority(config.tsaUrl) : null, log: request.log };
}
