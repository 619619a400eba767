import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogPage } from '@portal/domain';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { policyWithDocument } from '../../test/policies';
import { desc, eq } from 'drizzle-orm';
import { accessLog } from '../../db/schema/index';

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let santaFeManager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, manager, santaFeManager] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'manager', 1), tokenFor(ctx, 'manager', 2)]);
});
afterAll(() => ctx.close());

const logOf = (policyId: number, token = manager, query = '') => ctx.app.inject({ url: `/api/policy/${policyId}/access-log${query}`, headers: bearer(token) });

describe('GET /api/policy/{id}/access-log', () => {
  it('records a download and a view: who, what, from where, newest first', async () => {
    const { policy, document } = await policyWithDocument(ctx, { token: agent }, { filename: 'ine.pdf' });
    const download = await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: { ...bearer(agent), 'user-agent': 'Navegador de prueba' }, remoteAddress: '10.1.2.3' });
    expect(download.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/files/${document.id}/download?disposition=inline`, headers: bearer(manager) })).statusCode).toBe(200);
    const response = await logOf(policy.id);
    expect(response.statusCode).toBe(200);
    const page = json<AccessLogPage>(response);
    expect(page.total).toBe(2);
    expect(page.entries[0]).toMatchObject({ action: 'document_view', subject: 'Documento de investigación: ine.pdf' });
    expect(page.entries[1]).toMatchObject({ action: 'document_download', ip: '10.1.2.3', userAgent: 'Navegador de prueba', subject: 'Documento de investigación: ine.pdf' });
    expect(page.entries[1]!.userName).not.toBe('');
    expect(json<AccessLogPage>(await logOf(policy.id, admin)).total).toBe(2);
  });

  it('records exports, with no policy', async () => {
    const response = await ctx.app.inject({ url: '/api/policy/export?format=csv', headers: bearer(manager) });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.testDb.database.db.select().from(accessLog).where(eq(accessLog.action, 'export')).orderBy(desc(accessLog.id)).limit(1);
    expect(row?.subject).toContain('Pólizas (CSV)');
  });

  it('pages the log', async () => {
    const { policy, document } = await policyWithDocument(ctx, { token: agent }, { filename: 'ine.pdf' });
    for (let i = 0; i < 21; i += 1) await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(json<AccessLogPage>(await logOf(policy.id)).entries).toHaveLength(20);
    expect(json<AccessLogPage>(await logOf(policy.id, manager, '?page=2')).entries).toHaveLength(1);
    expect((await logOf(policy.id, manager, '?page=0')).statusCode).toBe(400);
  });

  it('is for managers and admins of the branch only', async () => {
    const { policy } = await policyWithDocument(ctx, { token: agent }, { filename: 'ine.pdf' });
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/access-log` })).statusCode).toBe(401);
    expect((await logOf(policy.id, agent)).statusCode).toBe(403);
    expect((await logOf(policy.id, santaFeManager)).statusCode).toBe(404);
    expect((await logOf(999999)).statusCode).toBe(404);
    expect((await logOf(0)).statusCode).toBe(400);
  });
});
