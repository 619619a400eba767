import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { claimDetailSchema, type ClaimDetail, type Policy } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { runRentArrears } from '../rents/index';

/*
 * The incidencias' tests share this: 'today' is 10 March 2027 in Mexico City (noon), policies of
 * Polanco (branch 1) in force since 1 December 2026, 5 days' grace, $18,500 a month — so December
 * to March are En mora once the daily run has marked them ($74,000).
 */

export const NOW = new Date('2027-03-10T18:00:00Z');
const dayMs = 86_400_000;
export const daysLater = (days: number) => new Date(NOW.getTime() + days * dayMs);

type UserName = 'admin' | 'agent' | 'manager' | 'approver' | 'lawyer' | 'otherBranchAgent' | 'otherBranchManager';
// Each file's own (the API project shares modules between files: a context is never reused).
export let ctx: TestContext;
export let users: Record<UserName, { id: number; token: string }>;

/** The file's context (with `config`'s settings), clock and users; the clock goes back to NOW before each test. */
export function useClaimsContext(config: Record<string, string> = {}): void {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    ctx = await createTestContext(config);
    const [admin, agent, manager, approver, lawyer, otherBranchAgent, otherBranchManager] = await Promise.all([
      signInAs(ctx, 'admin', 1),
      signInAs(ctx, 'agent', 1),
      signInAs(ctx, 'manager', 1),
      signInAs(ctx, 'approver', 1),
      signInAs(ctx, 'lawyer', 1),
      signInAs(ctx, 'agent', 2),
      signInAs(ctx, 'manager', 2),
    ]);
    users = { admin, agent, manager, approver, lawyer, otherBranchAgent, otherBranchManager };
  }, 60_000);
  beforeEach(() => {
    vi.setSystemTime(NOW);
  });
  afterAll(async () => {
    await ctx.close();
    vi.useRealTimers();
  });
}

export const db = () => ctx.testDb.database.db;

let owners = 0;

/**
 * A policy in force since `start` (1 December 2026 unless told) whose owner has its own e-mail
 * ('' for none); its months past their deadline are marked En mora by the daily run.
 */
export async function activePolicy(options: { token?: string; start?: string; ownerEmail?: string; tenantName?: string; status?: 'active' | 'cancelled' } = {}): Promise<Policy> {
  const base = examplePolicyInput().property;
  owners += 1;
  const property = {
    ...base,
    owner: { ...base.owner, email: options.ownerEmail ?? `propietario${owners}@correo.mx` },
    rent: { ...base.rent, contractStartDate: options.start ?? '2026-12-01', gracePeriod: '5', price: '18500', deposit: '18500' },
  };
  const policy = await newPolicy(ctx, {
    token: options.token ?? users.agent.token,
    overrides: { property, ...(options.tenantName ? { tenants: [exampleTenant(options.tenantName)] } : {}), status: options.status ?? 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` },
    via: 'admin-jump',
  });
  await runRentArrears(db(), NOW);
  return policy;
}

/** The call as a user makes it; the answer as it came. */
export function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token?: string, payload?: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(payload ? { payload } : {}) });
}

/** A case opened by staff (the agent unless told); throws unless 201. */
export async function openCase(policyId: number, body: object = { type: 'property_damage', description: 'Ventana rota', damagesClaimed: '1200' }, token = users.agent.token): Promise<ClaimDetail> {
  const response = await call('POST', `/api/policy/${policyId}/claims`, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return claimDetailSchema.strict().parse(json(response));
}

/** A write that must succeed: the case as it answered. */
export async function write(method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, token = users.agent.token, status = 200): Promise<ClaimDetail> {
  const response = await call(method, url, token, payload);
  expect(response.statusCode, response.body).toBe(status);
  return claimDetailSchema.strict().parse(json(response));
}

/** The fields a 400 names. */
export function fieldsOf(response: { statusCode: number; json: () => unknown }): string[] {
  expect(response.statusCode).toBe(400);
  return ((response.json() as { details?: Array<{ field: string }> }).details ?? []).map((detail) => detail.field);
}
