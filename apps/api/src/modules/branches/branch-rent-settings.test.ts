import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, validBranchBody, type TestContext } from '../../test/app';

// A branch's rent settings (issue 32): the tenant's reminder days and the renewals' cap with its source.

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token = adminToken) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe("a branch's rent settings", () => {
  it('start at 3 days of reminder and no cap; an update sets them, and leaving them out keeps them', async () => {
    const created = await post('/api/branches', validBranchBody());
    expect(created.statusCode, created.body).toBe(201);
    const branch = json<{ id: number; version: number }>(created);
    expect(branch).toMatchObject({ rentReminderDays: 3, maxRentIncreasePercent: null, maxRentIncreaseSource: '' });

    const body = { ...validBranchBody(), status: 'active' };
    const updated = await post(`/api/branches/${branch.id}`, { ...body, rentReminderDays: '', maxRentIncreasePercent: '3.69', maxRentIncreaseSource: 'INPC 2025, INEGI' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json(updated)).toMatchObject({ rentReminderDays: null, maxRentIncreasePercent: 3.69, maxRentIncreaseSource: 'INPC 2025, INEGI' });

    const kept = await post(`/api/branches/${branch.id}`, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json(kept)).toMatchObject({ rentReminderDays: null, maxRentIncreasePercent: 3.69, maxRentIncreaseSource: 'INPC 2025, INEGI' });
  });

  it('answers 400 naming the field: reminder days out of 1–15, a cap with three decimals or without its source', async () => {
    for (const [payload, field] of [
      [{ rentReminderDays: 16 }, /Recordatorio de renta al inquilino/],
      [{ rentReminderDays: 0 }, /Recordatorio de renta al inquilino/],
      [{ maxRentIncreasePercent: '3.691', maxRentIncreaseSource: 'INPC' }, /Aumento máximo de renta anual/],
      [{ maxRentIncreasePercent: '3.69' }, /Fuente del aumento máximo/],
    ] as const) {
      const response = await post('/api/branches', validBranchBody(payload));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(field);
    }
  });

  it('are an admin’s: 401 without a session, 403 for a manager', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/branches/1', payload: { rentReminderDays: 5 } })).statusCode).toBe(401);
    const manager = await tokenFor(ctx, 'manager', 1);
    expect((await post('/api/branches/1', { ...validBranchBody(), status: 'active', rentReminderDays: 5 }, manager)).statusCode).toBe(403);
  });
});
