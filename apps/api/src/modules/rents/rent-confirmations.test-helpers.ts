import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rentLedgerSchema, type Policy, type RentLedger } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { emailOutbox, notifications } from '../../db/schema/index';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';

/*
 * The owner's rent confirmations' tests share this: 'today' is 10 March 2027 in Mexico City
 * (noon), policies of Polanco (branch 1) in force since 1 December 2026, 5 days' grace, $18,500 a
 * month — so December to March are past their deadline.
 */

export const NOW = new Date('2027-03-10T18:00:00Z');
export const PUBLIC_URL = 'https://polizas.empresa.mx';
const dayMs = 86_400_000;
export const daysLater = (days: number) => new Date(NOW.getTime() + days * dayMs);

type Users = Record<'admin' | 'agent' | 'manager' | 'approver' | 'otherBranchAgent', { id: number; token: string }>;
// Each file's own (the API project shares modules between files: a context is never reused).
export let ctx: TestContext;
export let users: Users;

/** The file's context, clock and users; the clock goes back to NOW before each test. */
export function useConfirmationContext(): void {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    ctx = await createTestContext({ PUBLIC_URL });
    const [admin, agent, manager, approver, otherBranchAgent] = await Promise.all([
      signInAs(ctx, 'admin', 1),
      signInAs(ctx, 'agent', 1),
      signInAs(ctx, 'manager', 1),
      signInAs(ctx, 'approver', 1),
      signInAs(ctx, 'agent', 2),
    ]);
    users = { admin, agent, manager, approver, otherBranchAgent };
  });
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

/** A policy in force since 1 December 2026 whose owner has the e-mail and phones given (an address of its own unless told). */
export async function activePolicy(owner: { email?: string; phone?: string; mobile?: string } = {}, token = users.agent.token): Promise<Policy> {
  const base = examplePolicyInput().property;
  owners += 1;
  const property = {
    ...base,
    owner: { ...base.owner, email: `propietario${owners}@correo.mx`, ...owner },
    rent: { ...base.rent, contractStartDate: '2026-12-01', gracePeriod: '5' },
  };
  return newPolicy(ctx, { token, overrides: { property, status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` }, via: 'admin-jump' });
}

export async function ledgerOf(policyId: number, token = users.agent.token): Promise<RentLedger> {
  const response = await ctx.app.inject({ url: `/api/policy/${policyId}/rents`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return rentLedgerSchema.strict().parse(json(response));
}

/** The e-mails queued to `recipient`, oldest first. */
export const emailsTo = (recipient: string) => db().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.id);

/** The token an owner's e-mail carries. */
export function tokenIn(text: string): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/r/([A-Za-z0-9_-]{43})`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

export const noticesOf = (userId: number, kind: 'rent_not_received' | 'rent_confirmation_unanswered') =>
  db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))).orderBy(notifications.id);

/** 'Pedir confirmación por WhatsApp' for a month. */
export const issueLink = (monthId: number, token: string | null = users.agent.token) =>
  ctx.app.inject({ method: 'POST', url: `/api/rents/months/${monthId}/confirmation-link`, headers: token ? bearer(token) : {} });

/** A fresh token for the policy's month `index` (0: December 2026), by the staff's endpoint. */
export async function tokenForMonth(policy: Policy, index = 0): Promise<string> {
  const month = (await ledgerOf(policy.id)).rows[index]!;
  const response = await issueLink(month.id);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ url: string }>(response).url.split('/r/')[1]!;
}

export const viewOf = (token: string) => ctx.app.inject({ url: `/api/public/rent-confirmations/${token}` });
export const answer = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/public/rent-confirmations/${token}`, payload });
