import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Policy } from '@portal/domain';
import { exampleTenant } from '@portal/domain/testing';
import { branches, emailOutbox, rentReminders } from '../../db/schema/index';
import { bearer, createTestContext, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';
import { runRentReminders } from './index';

// The tenant's reminder (issue 32). Mexico City's noon of each day; Polanco (branch 1) reminds 3
// days before, Santa Fe (branch 2) is set to none. Months fall due on the 1st (start 2026-12-01)
// or the 4th (start 2026-12-04); February 2027 has 28 days.
const day = (date: string) => new Date(`${date}T18:00:00Z`);

let ctx: TestContext;
let agent: string;
const policies: Record<'first' | 'fourth' | 'paidAhead' | 'noReminders' | 'noEmail', Policy> = {} as never;
const db = () => ctx.testDb.database.db;

let tenants = 0;
async function activePolicy(token: string, start: string, tenantEmail: string | null = `inquilino${++tenants}@correo.mx`) {
  const tenant = { ...exampleTenant('Lucía Gómez'), email: tenantEmail ?? '' };
  return newPolicy(ctx, {
    token,
    overrides: { ...rentOverrides({ contractStartDate: start, gracePeriod: '5' }), tenants: [tenant], status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` },
    via: 'admin-jump',
  });
}

const tenantEmailOf = (policy: Policy) => policy.tenants[0]!.email;
const emailsTo = (recipient: string) => db().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.id);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(day('2027-02-20'));
  ctx = await createTestContext();
  agent = await tokenFor(ctx, 'agent', 1);
  await db().update(branches).set({ rentReminderDays: null }).where(eq(branches.id, 2));
  policies.first = await activePolicy(agent, '2026-12-01');
  policies.fourth = await activePolicy(agent, '2026-12-04');
  policies.paidAhead = await activePolicy(agent, '2026-12-01');
  policies.noEmail = await activePolicy(agent, '2026-12-01', null);
  policies.noReminders = await activePolicy(await tokenFor(ctx, 'agent', 2), '2026-12-01');
  // December to March paid on 20 February: March owes nothing, so nothing to remind.
  const paid = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policies.paidAhead.id}/payments`, headers: bearer(agent), payload: { amount: '74000', receivedOn: '2027-02-20', method: 'transfer' } });
  expect(paid.statusCode, paid.body).toBe(201);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

describe("the daily 'rent-reminders' run", () => {
  it('sends nothing more than the branch\'s days before a due date', async () => {
    expect(await runRentReminders(db(), day('2027-02-25'))).toEqual({ today: '2027-02-25', reminded: 0 });
    expect(await emailsTo(tenantEmailOf(policies.first))).toEqual([]);
  });

  it('catches up a missed day: on 27 February (2 days before 1 March, the 26th not run) the tenant is reminded, once', async () => {
    // The 26th, exactly 3 days before, did not run.
    expect(await runRentReminders(db(), day('2027-02-27'))).toEqual({ today: '2027-02-27', reminded: 1 });
    const [email, ...more] = await emailsTo(tenantEmailOf(policies.first));
    expect(more).toEqual([]);
    expect(email).toMatchObject({ kind: 'rent_reminder', status: 'queued' });
    expect(email!.subject).toBe('Recordatorio: renta de marzo 2027, vence el 1 de marzo de 2027 — Sucursal Polanco');
    expect(email!.text).toContain('Hola, Lucía Gómez:');
    expect(email!.text).toContain('la renta de marzo 2027 del inmueble en Calle Durango 214, Roma Norte vence el 1 de marzo de 2027');
    expect(email!.text).toContain('Importe pendiente: $18,500.00.');
    const [recorded] = await db().select().from(rentReminders).where(eq(rentReminders.policyId, policies.first.id));
    expect(recorded).toMatchObject({ sentOn: '2027-02-27', email: tenantEmailOf(policies.first) });
  });

  it('never sends the same month twice: a second run the same day, and the next days', async () => {
    expect((await runRentReminders(db(), day('2027-02-27'))).reminded).toBe(0);
    expect((await runRentReminders(db(), day('2027-02-28'))).reminded).toBe(0);
    expect(await emailsTo(tenantEmailOf(policies.first))).toHaveLength(1);
  });

  it('reminds exactly the days before: the month due on 4 March on the 1st', async () => {
    expect(await emailsTo(tenantEmailOf(policies.fourth))).toEqual([]);
    expect((await runRentReminders(db(), day('2027-03-01'))).reminded).toBe(1);
    const [email] = await emailsTo(tenantEmailOf(policies.fourth));
    expect(email!.subject).toMatch(/vence el 4 de marzo de 2027/);
  });

  it('sends nothing for a month already paid, a branch without reminders or a tenant without e-mail', async () => {
    expect(await emailsTo(tenantEmailOf(policies.paidAhead))).toEqual([]);
    expect(await emailsTo(tenantEmailOf(policies.noReminders))).toEqual([]);
    const recorded = await db().select({ policyId: rentReminders.policyId }).from(rentReminders);
    expect(recorded.map((row) => row.policyId).sort((a, b) => a - b)).toEqual([policies.first.id, policies.fourth.id].sort((a, b) => a - b));
    expect(policies.noEmail.tenants[0]!.email).toBe('');
  });
});
