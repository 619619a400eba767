import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors';

/**
 * Serves the built SPA as a CDN would: the Brotli or gzip copy the build wrote beside each file
 * (scripts/compress-static.mjs) when the browser accepts it, hashed assets cached for a year,
 * index.html revalidated on every visit (no-cache), and every
 * non-API page request (GET or HEAD) that matches no file answered with index.html so client
 * routes load directly. A missing file under /assets/ is a 404, never index.html: a stale tab
 * asking for an old chunk must fail loudly instead of parsing HTML as JavaScript.
 */
export const webAppPlugin = fp(async (app, { distDir }: { distDir: string }) => {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a rebuild while the server runs is served without a restart.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
  }

  // The root is a directory to @fastify/static (index: false), so it gets the app explicitly.
  if (hasWebApp) {
    app.route({ method: ['GET', 'HEAD'], url: '/', exposeHeadRoute: false, handler: (_request, reply) => sendIndex(reply) });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      hasWebApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|assets)(\/|\?|$)/.test(request.url);
    if (!isPageRequest) return sendError(reply, 404, `Ruta no encontrada: ${request.method} ${request.url.split('?')[0]}`);
    return sendIndex(reply);
  });
});

function sendIndex(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
