import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { PoolUse } from '../../db/client';
import { notFound, unauthorized } from '../../lib/app-error';
import { addScrapeGauges } from './service';

interface MetricsRoutesOptions {
  /** The PostgreSQL pool's connections now; null on PGlite. */
  poolUse(): PoolUse | null;
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (as a bearer
 * token). Without the setting the route is a 404, as if it did not exist (also when the web app,
 * which answers unknown pages, is served).
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, { poolUse }) => {
  const { registry } = app.metrics;
  const token = app.config.metricsToken;
  if (registry && token) addScrapeGauges(registry, { db: app.db, dbKind: app.dbKind, poolUse, log: app.log });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!registry || !token) throw notFound(`Ruta no encontrada: ${request.method} /metrics`);
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized('Token de métricas inválido');
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
};

/** Compares digests, which have one length whatever was sent, in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(sent), digest(token));
}
