import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { claimDetailSchema, claimNumber, type ClaimDetail, type Policy } from '@portal/domain';
import { claimAgreements, emailOutbox, notifications, users } from '../../../db/schema/index';
import { bearer, createTestContext, signInAs, tokenFor, type TestContext } from '../../../test/app';
import { runClaimInstalments } from '../index';
import { readClaimDetail } from '../service/read';
import { moveCase, openCase, policyInArrears } from './cases.test-helpers';

// The daily 'claim-instalments' run (issue 33) with a controlled clock. Agreements are made on 10
// March 2027; their instalments fall due on the 15th of March, April and May. Mexico City is UTC-6.
const NOW = new Date('2027-03-10T18:00:00Z');
const noonOf = (day: string) => new Date(`${day}T18:00:00Z`);

let ctx: TestContext;
let agent: string;
let lawyer: { id: number; token: string };
let manager: { id: number; token: string };
let policy: Policy;
const cases: Record<'unpaid' | 'partial' | 'onTime' | 'suing' | 'closed' | 'unassigned', number> = {} as never;
const db = () => ctx.app.db;

const instalments = [
  { dueOn: '2027-03-15', amount: '20000' },
  { dueOn: '2027-04-15', amount: '20000' },
  { dueOn: '2027-05-15', amount: '15500' },
];

async function withAgreement(assigneeId: number | null): Promise<ClaimDetail> {
  const claimId = await openCase(ctx, policy, NOW, assigneeId);
  const response = await ctx.app.inject({ method: 'POST', url: `/api/claims/${claimId}/agreement`, headers: bearer(agent), payload: { instalments } });
  expect(response.statusCode, response.body).toBe(201);
  return claimDetailSchema.parse(response.json());
}

const payFirst = async (detail: ClaimDetail, amount: string, receivedOn: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/claims/instalments/${detail.agreement!.instalments[0]!.id}/payments`, headers: bearer(agent), payload: { amount, receivedOn, method: 'cash' } });
  expect(response.statusCode, response.body).toBe(201);
};

const admin = { id: 1, email: 'admin@test.mx', role: 'admin' as const, branchId: null };
const detail = (claimId: number, at: Date) => readClaimDetail(db(), admin, claimId, at);
const noticesOf = (claimId: number) =>
  db().select().from(notifications).where(and(eq(notifications.kind, 'claim_instalment_missed'), eq(notifications.title, `Parcialidad 1 no pagada: ${claimNumber(claimId)}`)));
const missedEmails = () => db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'claim_instalment_missed'));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  agent = await tokenFor(ctx, 'agent', 1);
  [lawyer, manager] = await Promise.all([signInAs(ctx, 'lawyer', 1), signInAs(ctx, 'manager', 1)]);
  policy = await policyInArrears(ctx, agent);
  cases.unpaid = (await withAgreement(lawyer.id)).id;
  const partial = await withAgreement(lawyer.id);
  cases.partial = partial.id;
  await payFirst(partial, '5000', '2027-03-10');
  const onTime = await withAgreement(lawyer.id);
  cases.onTime = onTime.id;
  await payFirst(onTime, '20000', '2027-03-10');
  cases.suing = (await withAgreement(lawyer.id)).id;
  await moveCase(ctx, cases.suing, { stage: 'lawsuit', note: '' }, NOW);
  cases.closed = (await withAgreement(lawyer.id)).id;
  await moveCase(ctx, cases.closed, { stage: 'closed', note: '', result: 'withdrawn' }, NOW);
  cases.unassigned = (await withAgreement(null)).id;
}, 90_000);
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

describe("the daily 'claim-instalments' run", () => {
  it('leaves an instalment alone on its day, to the last minute of it in Mexico City', async () => {
    expect(await runClaimInstalments(db(), noonOf('2027-03-15'))).toEqual({ today: '2027-03-15', broken: 0, notices: 0 });
    // 23:30 on the 15th in Mexico City is already the 16th in UTC.
    expect(await runClaimInstalments(db(), new Date('2027-03-16T05:30:00Z'))).toEqual({ today: '2027-03-15', broken: 0, notices: 0 });
    expect((await detail(cases.unpaid, noonOf('2027-03-15'))).agreement!.state).toBe('active');
  });

  it('the day after: the instalment is late, the agreement broken, the case back in Gestión extrajudicial by Sistema, the assignee and the managers told by e-mail', async () => {
    const at = new Date('2027-03-16T07:00:00Z');
    // unpaid, partial, suing (its stage stays), unassigned; not the one paid on time nor the closed case.
    expect(await runClaimInstalments(db(), at)).toEqual({ today: '2027-03-16', broken: 4, notices: 7 });

    const unpaid = await detail(cases.unpaid, at);
    expect(unpaid).toMatchObject({ stage: 'extrajudicial', status: 'open' });
    expect(unpaid.agreement!.state).toBe('broken');
    expect(unpaid.agreement!.instalments.map((row) => row.state)).toEqual(['late', 'pending', 'pending']);
    expect(unpaid.events[0]).toMatchObject({ fromStage: 'agreement', toStage: 'extrajudicial', actor: 'Sistema', note: 'Parcialidad 1 vencida sin pagar: el convenio se incumplió' });
    const [agreement] = await db().select().from(claimAgreements).where(eq(claimAgreements.claimId, cases.unpaid));
    expect(agreement!.endedAt).toEqual(at);

    const told = await noticesOf(cases.unpaid);
    expect(told.map((notice) => notice.userId).sort()).toEqual([lawyer.id, manager.id].sort());
    expect(told[0]!.body).toBe(
      `La parcialidad 1 del convenio de la incidencia ${claimNumber(cases.unpaid)} (póliza ${policy.policyNumber}) venció el 15 de marzo de 2027 con $20,000.00 sin pagar: el convenio se incumplió y la incidencia volvió a Gestión extrajudicial.`,
    );
    const addresses = await db().select({ email: users.email }).from(users).where(inArray(users.id, [lawyer.id, manager.id]));
    const emails = await missedEmails();
    expect(emails.filter((email) => email.subject.includes(claimNumber(cases.unpaid))).map((email) => email.recipient).sort()).toEqual(addresses.map((row) => row.email).sort());

    const partial = await detail(cases.partial, at);
    expect(partial.agreement!.instalments[0]).toMatchObject({ state: 'late', paid: '5000.00' });
    expect((await noticesOf(cases.partial))[0]!.body).toContain('venció el 15 de marzo de 2027 con $15,000.00 sin pagar');

    // A case that has moved on to the lawsuit stays there; the event says the agreement broke.
    const suing = await detail(cases.suing, at);
    expect(suing).toMatchObject({ stage: 'lawsuit' });
    expect(suing.agreement!.state).toBe('broken');
    expect(suing.events[0]).toMatchObject({ fromStage: null, toStage: null, actor: 'Sistema', note: 'Parcialidad 1 vencida sin pagar: el convenio se incumplió' });
    expect((await noticesOf(cases.suing))[0]!.body).toMatch(/el convenio se incumplió\.$/);

    // Without an assignee, the managers alone.
    expect((await noticesOf(cases.unassigned)).map((notice) => notice.userId)).toEqual([manager.id]);

    expect((await detail(cases.onTime, at)).agreement!.state).toBe('active');
    const closed = await detail(cases.closed, at);
    expect(closed.agreement!.state).toBe('active');
    expect(closed.agreement!.instalments[0]!.state).toBe('pending');
  });

  it('is idempotent: a second run, the same day or the next, sends nothing', async () => {
    const before = { notices: (await db().select().from(notifications).where(eq(notifications.kind, 'claim_instalment_missed'))).length, emails: (await missedEmails()).length };
    expect(await runClaimInstalments(db(), new Date('2027-03-16T07:00:00Z'))).toEqual({ today: '2027-03-16', broken: 0, notices: 0 });
    expect(await runClaimInstalments(db(), noonOf('2027-03-20'))).toEqual({ today: '2027-03-20', broken: 0, notices: 0 });
    expect((await db().select().from(notifications).where(eq(notifications.kind, 'claim_instalment_missed'))).length).toBe(before.notices);
    expect((await missedEmails()).length).toBe(before.emails);
  });

  it('follows the next instalments too: the second one missed on 16 April breaks the agreement kept so far', async () => {
    expect((await runClaimInstalments(db(), noonOf('2027-04-16'))).broken).toBe(1);
    const onTime = await detail(cases.onTime, noonOf('2027-04-16'));
    expect(onTime.agreement!.instalments.map((row) => row.state)).toEqual(['paid', 'late', 'pending']);
    expect(onTime).toMatchObject({ stage: 'extrajudicial' });
    expect(onTime.events[0]!.note).toBe('Parcialidad 2 vencida sin pagar: el convenio se incumplió');
  });

  it('lets a broken agreement be followed by a new one, which takes the case to Convenio de pago again', async () => {
    vi.setSystemTime(noonOf('2027-04-16'));
    // A session of that day (the one of 10 March has expired).
    const today = await tokenFor(ctx, 'agent', 1);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/claims/${cases.unpaid}/agreement`, headers: bearer(today), payload: { instalments: [{ dueOn: '2027-05-01', amount: '40000' }] } });
    expect(response.statusCode, response.body).toBe(201);
    const renewed = claimDetailSchema.parse(response.json());
    expect(renewed).toMatchObject({ stage: 'agreement' });
    expect(renewed.agreement).toMatchObject({ state: 'active', total: '40000.00' });
    expect(renewed.events[0]).toMatchObject({ fromStage: 'extrajudicial', toStage: 'agreement' });
  });
});
