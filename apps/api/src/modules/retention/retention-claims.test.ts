import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { anonymisedName, claimErasedText, type Policy, type PolicyEvent, type RetentionPreview } from '@portal/domain';
import { claimContacts, claimEvents, claimFiles, claims } from '../../db/schema/index';
import { businessJobs } from '../../jobs/business-jobs';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, TEST_SECRET_BOX, tokenFor, type TestContext } from '../../test/app';
import { sampleFiles } from '../../test/files';
import { newPolicy } from '../../test/policies';
import { anonymiseClosedClaims } from './index';

/*
 * Issue 33: a closed case keeps its personal data for its branch's years after closing
 * ('Incidencias cerradas', 10 by default; never when the branch sets none); then the daily
 * retention run anonymises it — texts and files go, amounts, dates, stages and results stay.
 */
let ctx: TestContext;
let admin: string;
let agent: string;
let neverAgent: string;
let neverBranch: number;

const now = new Date();
const yearsAgo = (years: number) => new Date(now.getTime() - years * 366 * 86_400_000);
const db = () => ctx.testDb.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  agent = await tokenFor(ctx, 'agent', 1);
  neverBranch = await insertBranch(ctx);
  await db().execute(sql`update branches set retain_closed_claims_years = null where id = ${neverBranch}`);
  neverAgent = await tokenFor(ctx, 'agent', neverBranch);
});
afterAll(() => ctx.close());

/** A case on a new policy of `token`'s branch, closed `closedYearsAgo` years ago (or open), with a contact and an evidence file. */
async function caseOf(token: string, closedYearsAgo: number | null): Promise<{ policy: Policy; id: number; storedName: string }> {
  const policy = await newPolicy(ctx, { token });
  const closed = closedYearsAgo === null ? { status: 'open' as const } : { status: 'closed' as const, stage: 'closed' as const, result: 'paid' as const, closedAt: yearsAgo(closedYearsAgo) };
  const [claim] = await db()
    .insert(claims)
    .values({ policyId: policy.id, type: 'non_payment', description: 'Lucía Ferrer no pagó noviembre', rentClaimed: '18500.00', reportedBy: 'Lucía Ferrer (propietario, por enlace)', ...closed })
    .returning({ id: claims.id });
  const id = claim!.id;
  await db().insert(claimEvents).values({ claimId: id, fromStage: 'report', toStage: 'closed', result: closed.status === 'closed' ? 'paid' : null, note: 'Pagó en efectivo a Lucía' });
  await db().insert(claimContacts).values({ claimId: id, channel: 'visit', party: 'tenant', personName: 'Mario Ruiz', at: yearsAgo(12), result: 'Prometió pagar' });
  const stored = await ctx.app.files.save(Readable.from(sampleFiles.jpeg()), { accept: ['jpeg'], wasTruncated: () => false });
  await db().insert(claimFiles).values({ claimId: id, storedName: stored.storedName, fileName: 'fachada.jpg', mimeType: stored.mimeType, size: stored.size, sha256: stored.sha256 });
  return { policy, id, storedName: stored.storedName };
}

const claimRow = async (id: number) => (await db().select().from(claims).where(eq(claims.id, id)))[0]!;

describe('closed cases and retention', () => {
  it("is a branch setting, 'Incidencias cerradas' (10 years by default, null for never), shown with the other periods", async () => {
    const response = await ctx.app.inject({ url: '/api/admin/retention/preview', headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const { branches } = json<RetentionPreview>(response);
    expect(branches.find((branch) => branch.id === 1)).toMatchObject({ retainClosedClaimsYears: 10 });
    expect(branches.find((branch) => branch.id === neverBranch)).toMatchObject({ retainClosedClaimsYears: null });
  });

  it('anonymises exactly the cases closed longer ago than their branch keeps them, with a history line; a second run does nothing', async () => {
    const due = await caseOf(agent, 11);
    const recent = await caseOf(agent, 9);
    const open = await caseOf(agent, null);
    const never = await caseOf(neverAgent, 30);

    expect(await anonymiseClosedClaims(db(), ctx.app.files, now)).toBe(1);
    const gone = await claimRow(due.id);
    expect(gone).toMatchObject({ description: claimErasedText, reportedBy: anonymisedName, rentClaimed: '18500.00', status: 'closed', stage: 'closed', result: 'paid' });
    expect(gone.anonymisedAt).not.toBeNull();
    expect(gone.closedAt?.getTime()).toBe(yearsAgo(11).getTime());
    expect(await db().select({ note: claimEvents.note, toStage: claimEvents.toStage }).from(claimEvents).where(eq(claimEvents.claimId, due.id))).toEqual([{ note: '', toStage: 'closed' }]);
    expect(await db().select({ personName: claimContacts.personName, result: claimContacts.result }).from(claimContacts).where(eq(claimContacts.claimId, due.id))).toEqual([
      { personName: anonymisedName, result: claimErasedText },
    ]);
    expect(await db().select().from(claimFiles).where(eq(claimFiles.claimId, due.id))).toEqual([]);
    expect(await ctx.app.files.sizeOf(due.storedName)).toBeNull();
    const events = json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${due.policy.id}/events`, headers: bearer(admin) }));
    expect(events.filter((event) => event.note.startsWith('Datos personales'))).toEqual([
      expect.objectContaining({ userName: 'Sistema', note: `Datos personales anonimizados por retención: incidencia INC-${String(due.id).padStart(5, '0')}` }),
    ]);

    for (const kept of [recent, open, never]) {
      expect(await claimRow(kept.id)).toMatchObject({ description: 'Lucía Ferrer no pagó noviembre', anonymisedAt: null });
      expect(await ctx.app.files.sizeOf(kept.storedName)).not.toBeNull();
    }
    expect(await anonymiseClosedClaims(db(), ctx.app.files, now)).toBe(0);
  });

  it('runs in the daily retention job, which says how many it anonymised', async () => {
    const due = await caseOf(agent, 12);
    const job = businessJobs({ db: db(), files: ctx.app.files, mail: undefined, secretBox: TEST_SECRET_BOX, whatsapp: { hosts: { allowed: undefined }, log: ctx.app.log } }).find((candidate) => candidate.name === 'retention')!;
    const result = (await job.run(now)) as { summary: string; claims: number };
    expect(result.claims).toBe(1);
    expect(result.summary).toMatch(/; 1 incidencia cerrada anonimizada\.$/);
    expect((await claimRow(due.id)).anonymisedAt).not.toBeNull();
  });
});
