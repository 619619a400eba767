import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

interface AppMetrics {
  /** This app's metrics; null when METRICS_TOKEN is unset (nothing is measured, /metrics is a 404). */
  readonly registry: Registry | null;
  /** Bytes of an upload the store kept. */
  countUploadBytes(bytes: number): void;
  /** A job that failed its last attempt. */
  countJobFailure(queue: string): void;
}

/** Seconds: from a fast JSON read to a large upload or a contract PDF. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics of this app (issue 18): requests by method, route pattern and status, their
 * duration, 5xx errors, upload bytes, job failures, and Node's process metrics. A registry per app,
 * not prom-client's global one: tests build many apps in one process. The modules add what is
 * read at scrape time (pool, queue, outbox) to the same registry; GET /metrics is in modules/metrics.
 */
export const metricsPlugin = fp(async (app) => {
  if (!app.config.metricsToken) {
    app.decorate('metrics', { registry: null, countUploadBytes: () => {}, countJobFailure: () => {} } satisfies AppMetrics);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  const serverErrors = new Counter({ name: 'portal_http_server_errors_total', help: 'HTTP requests answered with a 5xx', labelNames, registers: [registry] });
  const uploadBytes = new Counter({ name: 'portal_upload_bytes_total', help: 'Bytes of uploaded files stored', registers: [registry] });
  const jobFailures = new Counter({ name: 'portal_job_failures_total', help: 'Jobs that failed their last attempt on this instance', labelNames: ['queue'], registers: [registry] });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/p/:token), never the URL: some paths carry a credential, and every
    // distinct URL would be a new series. Requests no route matched share one label.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc(labels);
  });

  app.decorate('metrics', {
    registry,
    countUploadBytes: (bytes) => uploadBytes.inc(bytes),
    countJobFailure: (queue) => jobFailures.inc({ queue }),
  } satisfies AppMetrics);
});
