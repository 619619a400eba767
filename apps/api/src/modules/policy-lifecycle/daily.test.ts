import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardStats, Policy, PolicyEvent, PolicyFormValues, PolicyStatus } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, type TestContext } from '../../test/app';
import { rowsOf } from '../../db/client';
import { runDailyLifecycle } from './index';
import { businessToday } from './service';

/*
 * The daily status rules with a controlled clock. Mexico City keeps UTC−6 all year (no daylight
 * saving since 2022): 23:59 there on 14 March 2027 is 05:59 UTC on the 15th, and its midnight
 * 06:00 UTC.
 */
const lastMinuteOf14th = new Date('2027-03-15T05:59:00Z');
const midnightOf15th = new Date('2027-03-15T06:00:00Z');

let ctx: TestContext;
let adminToken: string;
/** Notice periods: 30 days (the default) and 10 days. */
let branchA: number;
let branchB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  branchA = await insertBranch(ctx);
  branchB = await insertBranch(ctx, { expiryNoticeDays: 10 });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: bearer(adminToken) });

/** A policy of `branchId` in `status` whose 12-month term starts on `start` (ends the day before, a year later). */
async function policy(branchId: number, status: PolicyStatus, start: string | null): Promise<number> {
  const base = examplePolicyInput();
  const body: PolicyFormValues = { ...base, status, branchId, property: { ...base.property, rent: { ...base.property.rent, contractStartDate: start } } };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(adminToken), payload: body });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return json<Policy>(response).id;
}

async function statusOf(id: number): Promise<PolicyStatus> {
  return json<Policy>(await get(`/api/policy/unique/${id}`)).status;
}

async function countedByStatus(branchId: number): Promise<Partial<Record<PolicyStatus, number>>> {
  const result = await ctx.testDb.database.db.execute(sql`select status, count(*)::int as n from policies where branch_id = ${branchId} group by status`);
  return Object.fromEntries(rowsOf<{ status: PolicyStatus; n: number }>(result).map((row) => [row.status, row.n]));
}

async function eventCount(): Promise<number> {
  return rowsOf<{ n: number }>(await ctx.testDb.database.db.execute(sql`select count(*)::int as n from policy_events`))[0]!.n;
}

describe('businessToday', () => {
  it('is the Mexico City calendar day, whatever the UTC day', () => {
    expect(businessToday(lastMinuteOf14th)).toBe('2027-03-14');
    expect(businessToday(midnightOf15th)).toBe('2027-03-15');
    expect(businessToday(new Date('2027-01-01T05:59:59Z'))).toBe('2026-12-31');
  });
});

describe('runDailyLifecycle', () => {
  it('moves statuses on the right Mexico City days, with events by Sistema, counters that follow, and is idempotent', async () => {
    const endsOn14th = await policy(branchA, 'active', '2026-03-15');
    const in30Days = await policy(branchA, 'active', '2026-04-14'); // ends 2027-04-13
    const in31Days = await policy(branchA, 'active', '2026-04-15'); // ends 2027-04-14
    const pastExpiring = await policy(branchA, 'expiring', '2026-03-11'); // ended 2027-03-10
    const pastActive = await policy(branchA, 'active', '2025-06-01'); // ended 2026-05-31
    const in60Days = await policy(branchA, 'active', '2026-05-14'); // ends 2027-05-13
    const in7Days = await policy(branchA, 'active', '2026-03-22'); // ends 2027-03-21
    const cancelled = await policy(branchA, 'cancelled', '2026-03-02');
    const undated = await policy(branchA, 'active', null);
    const signing = await policy(branchA, 'signature', '2026-03-01');
    const shortNotice30 = await policy(branchB, 'active', '2026-04-14'); // ends 2027-04-13, 30 days
    const shortNotice10 = await policy(branchB, 'active', '2026-03-25'); // ends 2027-03-24, 10 days

    const first = await runDailyLifecycle(ctx.app.db, lastMinuteOf14th);
    expect(first.today).toBe('2027-03-14');
    expect(first).toMatchObject({ expired: 2, expiring: 4 });
    expect(await statusOf(endsOn14th)).toBe('expiring'); // its last day: not yet expired
    expect(await statusOf(in30Days)).toBe('expiring');
    expect(await statusOf(in31Days)).toBe('active');
    expect(await statusOf(pastExpiring)).toBe('expired');
    expect(await statusOf(pastActive)).toBe('expired');
    expect(await statusOf(in60Days)).toBe('active');
    expect(await statusOf(in7Days)).toBe('expiring');
    expect(await statusOf(cancelled)).toBe('cancelled');
    expect(await statusOf(undated)).toBe('active');
    expect(await statusOf(signing)).toBe('signature');
    expect(await statusOf(shortNotice30)).toBe('active');
    expect(await statusOf(shortNotice10)).toBe('expiring');
    expect(first.reminders).toEqual([
      { policyId: in7Days, daysLeft: 7 },
      { policyId: in30Days, daysLeft: 30 },
      { policyId: shortNotice30, daysLeft: 30 },
      { policyId: in60Days, daysLeft: 60 },
    ]);

    const [expiredEvent] = json<PolicyEvent[]>(await get(`/api/policy/${pastExpiring}/events`));
    expect(expiredEvent).toMatchObject({ userId: null, userName: 'Sistema', fromStatus: 'expiring', toStatus: 'expired', note: 'Vigencia terminada' });
    expect(expiredEvent!.createdAt).toBe(lastMinuteOf14th.toISOString());
    const [expiringEvent] = json<PolicyEvent[]>(await get(`/api/policy/${endsOn14th}/events`));
    expect(expiringEvent).toMatchObject({ userName: 'Sistema', fromStatus: 'active', toStatus: 'expiring', note: 'Vigencia próxima a terminar' });

    const dashboard = json<DashboardStats>(await get(`/api/policy/dashboard/${branchA}`));
    expect(dashboard).toMatchObject(await countedByStatus(branchA));
    expect(dashboard).toMatchObject({ active: 3, expiring: 3, expired: 2, cancelled: 1, signature: 1 });

    // The same day again: nothing moves, no event is written, the same reminders.
    const events = await eventCount();
    const again = await runDailyLifecycle(ctx.app.db, lastMinuteOf14th);
    expect(again).toEqual({ ...first, expired: 0, expiring: 0 });
    expect(await eventCount()).toBe(events);

    // A minute later it is the 15th in Mexico City: the policy that ended on the 14th expires.
    const next = await runDailyLifecycle(ctx.app.db, midnightOf15th);
    expect(next).toMatchObject({ today: '2027-03-15', expired: 1, expiring: 1 });
    expect(await statusOf(endsOn14th)).toBe('expired');
    expect(await statusOf(in31Days)).toBe('expiring');
    expect(next.reminders).toEqual([{ policyId: in31Days, daysLeft: 30 }]);
    expect(json<DashboardStats>(await get(`/api/policy/dashboard/${branchA}`))).toMatchObject(await countedByStatus(branchA));
  });

  it('moves more policies than a batch holds in several transactions, every one once', async () => {
    const branchId = await insertBranch(ctx);
    const first = await policy(branchId, 'active', '2020-01-01');
    // 5,200 copies of the row (children are not needed by the daily job): more than one batch.
    await ctx.testDb.database.db.execute(sql`
      insert into policies (investigation_id, status, branch_id, term_months, start_date, end_date)
      select 'INV-BULK-' || n, 'active', ${branchId}, 12, '2020-01-01', '2020-12-31' from generate_series(1, 5200) as n`);
    const result = await runDailyLifecycle(ctx.app.db, midnightOf15th);
    expect(result.expired).toBe(5201);
    expect(await statusOf(first)).toBe('expired');
    expect(await countedByStatus(branchId)).toEqual({ expired: 5201 });
    expect(json<DashboardStats>(await get(`/api/policy/dashboard/${branchId}`)).expired).toBe(5201);
    const events = await ctx.testDb.database.db.execute(
      sql`select count(*)::int as n, count(distinct policy_id)::int as distinct_policies from policy_events e join policies p on p.id = e.policy_id where p.branch_id = ${branchId} and e.by_system`,
    );
    expect(rowsOf(events)[0]).toEqual({ n: 5201, distinct_policies: 5201 });
  });
});
