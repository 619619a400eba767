import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { presignedDownloadOrigins } from '../lib/open-file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sets the same headers on a raw response: for the answers Fastify gives before any hook runs
     * (a malformed or too long URL), which would otherwise leave without them (issue 19).
     */
    applySecurityHeaders(request: IncomingMessage, response: ServerResponse): void;
  }
}

/**
 * Security headers on every response. Scripts, styles, images and calls come only from the
 * app's own origin; inline styles are allowed because the UI libraries set them at run time
 * (no inline scripts are). The portal may not be framed by anyone. With presigned downloads
 * (S3_PRESIGN_DOWNLOADS) the web app's fetch follows a redirect to the bucket: its origin is
 * added to connect-src, or the browser would refuse to read the file.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const bucketOrigins = await presignedDownloadOrigins(app.config.files);
  const options = helmetOptions(bucketOrigins, app.config.hstsMaxAge);
  // Helmet itself rather than @fastify/helmet: the same function serves the hook and the early errors.
  const applyHelmet = helmet(options);
  app.decorate('applySecurityHeaders', (request: IncomingMessage, response: ServerResponse) => applyHelmet(request, response, () => {}));
  app.addHook('onRequest', async (request, reply) => app.applySecurityHeaders(request.raw, reply.raw));

  // What a signed-in user was answered (their data, a person's document) stays in no cache:
  // not the browser's back/forward store, not a proxy's. Routes that set their own policy keep it.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // A person's link (issue 17) or an invitation's (issue 28) carries its credential in the path:
  // its page and calls get their own headers from plugins/public-routes.ts.
});

function helmetOptions(bucketOrigins: string[], hstsMaxAge: number | undefined): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...bucketOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Served over plain HTTP on a LAN as often as behind TLS: HSTS only when HSTS_MAX_AGE says the
    // portal is reached over TLS (a browser told HSTS on a plain-HTTP portal could not reach it).
    strictTransportSecurity: hstsMaxAge ? { maxAge: hstsMaxAge, includeSubDomains: false } : false,
  };
}
