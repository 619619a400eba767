import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { presignedDownloadOrigins } from '../lib/open-file-store';

/**
 * Security headers on every response. Scripts, styles, images and calls come only from the
 * app's own origin; inline styles are allowed because the UI libraries set them at run time
 * (no inline scripts are). The portal may not be framed by anyone. With presigned downloads
 * (S3_PRESIGN_DOWNLOADS) the web app's fetch follows a redirect to the bucket: its origin is
 * added to connect-src, or the browser would refuse to read the file.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const bucketOrigins = await presignedDownloadOrigins(app.config.files);
  await app.register(helmet, {
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
    // Served over plain HTTP on a LAN as often as behind TLS: let the proxy that terminates TLS add HSTS.
    strictTransportSecurity: false,
  });

  // A person's link (issue 17) carries its credential in the path: its page and calls send no
  // referrer anywhere, are kept by no cache, and are not for search engines.
  app.addHook('onSend', async (request, reply) => {
    if (!isPublicLinkPath(request.url)) return;
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
});

function isPublicLinkPath(url: string): boolean {
  return url.startsWith('/p/') || url.startsWith('/api/public/');
}
