import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogPage, InvestigationDocument, Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { desc, eq } from 'drizzle-orm';
import { accessLog } from '../../db/schema/index';
import { multipartFile, sampleFiles } from '../../test/files';

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

async function policyWithDocument(): Promise<{ policy: Policy; document: InvestigationDocument }> {
  const policy = json<Policy>(await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput() }));
  const { payload, headers } = multipartFile(sampleFiles.pdf(), 'ine.pdf');
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/files/upload/${encodeURIComponent(policy.investigationId)}/utilities`,
    headers: { ...bearer(agent), ...headers },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { policy, document: json<InvestigationDocument>(uploaded) };
}

const logOf = (policyId: number, token = manager, query = '') => ctx.app.inject({ url: `/api/policy/${policyId}/access-log${query}`, headers: bearer(token) });

describe('GET /api/policy/{id}/access-log', () => {
  it('records a download and a view: who, what, from where, newest first', async () => {
    const { policy, document } = await policyWithDocument();
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
    const { policy, document } = await policyWithDocument();
    for (let i = 0; i < 21; i += 1) await ctx.app.inject({ url: `/api/files/${document.id}/download`, headers: bearer(agent) });
    expect(json<AccessLogPage>(await logOf(policy.id)).entries).toHaveLength(20);
    expect(json<AccessLogPage>(await logOf(policy.id, manager, '?page=2')).entries).toHaveLength(1);
    expect((await logOf(policy.id, manager, '?page=0')).statusCode).toBe(400);
  });

  it('is for managers and admins of the branch only', async () => {
    const { policy } = await policyWithDocument();
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/access-log` })).statusCode).toBe(401);
    expect((await logOf(policy.id, agent)).statusCode).toBe(403);
    expect((await logOf(policy.id, santaFeManager)).statusCode).toBe(404);
    expect((await logOf(999999)).statusCode).toBe(404);
    expect((await logOf(0)).statusCode).toBe(400);
  });
});
