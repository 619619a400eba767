import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, buildTestApp, createTestContext, json, login, testConfig, type TestContext } from '../../test/app';
import { multipartFile, sampleFiles } from '../../test/files';
import { queueEmails } from '../email/index';

const METRICS_TOKEN = 'metricas-de-prueba-0123456789';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN });
});
afterAll(() => ctx.close());

/** `null`: no Authorization header. */
const scrape = (token: string | null = METRICS_TOKEN, app = ctx.app) =>
  app.inject({ method: 'GET', url: '/metrics', headers: token === null ? {} : bearer(token) });

/** The value of one sample in the text format (0 when the series does not exist yet). */
async function sample(series: string): Promise<number> {
  const response = await scrape();
  expect(response.statusCode, response.body).toBe(200);
  const line = response.body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('is a 404 when METRICS_TOKEN is not set, also where the web app answers unknown pages', async () => {
    const config = testConfig();
    fs.mkdirSync(config.webDistDir, { recursive: true });
    fs.writeFileSync(path.join(config.webDistDir, 'index.html'), '<!doctype html><title>Portal de Pólizas</title>');
    const { app } = await buildTestApp(config, ctx.testDb);
    try {
      expect((await scrape(METRICS_TOKEN, app)).statusCode).toBe(404);
      expect((await scrape(null, app)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await scrape(null)).statusCode).toBe(401);
    expect((await scrape('otro-token-que-no-es-el-bueno')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: METRICS_TOKEN } })).statusCode).toBe(401);
  });

  it("answers Prometheus' text with Node's process metrics and the database's kind", async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
    expect(response.body).toContain(`portal_database_info{kind="${ctx.app.dbKind}"} 1`);
    if (ctx.app.dbKind === 'postgres') expect(response.body).toMatch(/portal_database_pool_connections\{state="waiting"\} 0/);
    else expect(response.body).not.toMatch(/portal_database_pool_connections\{/);
  });

  it('counts requests by route pattern and status, never by the URL', async () => {
    const series = 'portal_http_requests_total{method="GET",route="/api/health",status_code="200"}';
    const before = await sample(series);
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(await sample(series)).toBe(before + 2);
    expect(await sample('portal_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}')).toBe(before + 2);

    // A link's token is in its path: the series names the pattern.
    await ctx.app.inject({ method: 'GET', url: '/api/public/links/secreto-que-no-debe-salir' });
    const body = (await scrape()).body;
    expect(body).not.toContain('secreto-que-no-debe-salir');
    expect(body).toMatch(/route="\/api\/public\/links\/:token"/);
  });

  it('counts upload bytes where the store keeps a file', async () => {
    const token = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    const policy = json<Policy>(await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: examplePolicyInput() }));
    const before = await sample('portal_upload_bytes_total');
    const content = sampleFiles.pdf('recibo');
    const { payload, headers } = multipartFile(content);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/files/upload/${policy.investigationId}/utilities`, headers: { ...bearer(token), ...headers }, payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(await sample('portal_upload_bytes_total')).toBe(before + content.length);
  });

  it('shows the outbox backlog at scrape time', async () => {
    const before = await sample('portal_email_outbox{status="queued"}');
    await queueEmails(ctx.app.db, [{ recipient: 'lucia@example.mx', subject: 'Aviso', html: '<p>Hola</p>', text: 'Hola', kind: 'notification' }]);
    expect(await sample('portal_email_outbox{status="queued"}')).toBe(before + 1);
    expect(await sample('portal_email_outbox{status="failed"}')).toBe(0);
  });
});
