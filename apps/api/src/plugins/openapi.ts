import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Where @fastify/swagger-ui's own files are (the UI's scripts and styles, its logo). The plugin
 * is in the bundle (loading it and its dependencies from node_modules, file by file, cost ≈ 7 % of
 * a start, issue 30), so it cannot find them beside itself: it is told.
 */
function swaggerUiStaticDir(): string {
  const packageJson = createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json');
  return path.join(path.dirname(packageJson), 'static');
}

/** The API described from the same zod schemas the routes validate with: JSON at /api/docs/json, UI at /api/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal de Pólizas API', version: '1.0.0', description: 'API del back-office de pólizas jurídicas de arrendamiento.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  const staticDir = swaggerUiStaticDir();
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    baseDir: staticDir,
    logo: { type: 'image/svg+xml', content: await fs.promises.readFile(path.join(staticDir, 'logo.svg')) },
  });
});
