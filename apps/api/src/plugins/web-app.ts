import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * non-API GET that matches no file answered with index.html so client routes load directly.
 */
export const webAppPlugin = fp(async (app, { distDir }: { distDir: string }) => {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' && !/^\/api(\/|\?|$)/.test(request.url) && hasWebApp;
    if (!isPageRequest) return sendError(reply, 404, `Ruta no encontrada: ${request.method} ${request.url.split('?')[0]}`);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
