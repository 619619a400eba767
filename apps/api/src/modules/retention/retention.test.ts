import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, businessDate, type Addendum, type Policy, type PolicyEvent, type RetentionPreview } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { rowsOf } from '../../db/client';
import { businessJobs } from '../../jobs/business-jobs';
import { ADMIN, bearer, createTestContext, insertBranch, json, login, TEST_SECRET_BOX, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, policyWithDocument } from '../../test/policies';
import { multipartFile, sampleFiles } from '../../test/files';
import { applyRetention, planRetention, runRetention } from './index';

/*
 * Retention end to end on real rows and real files: policies with files are moved to rejected,
 * expired and cancelled through the API, then the event or end date their period counts from is
 * moved back in SQL. The due ones: a rejection 7 months old (6-month branch), an expiry and a
 * cancellation 11 years old (10-year branch). Not due: a rejection 2 months old, a rejection 20
 * years old in a branch that never deletes, an active policy.
 */
let ctx: TestContext;
let admin: string;
let agent: string;
let neverAgent: string;
let neverBranch: number;

const now = new Date();
const today = businessDate(now);
const db = () => ctx.testDb.database.db;
const jobs = () => businessJobs({ db: db(), files: ctx.app.files, mail: undefined, secretBox: TEST_SECRET_BOX, whatsapp: { hosts: { allowed: undefined }, log: ctx.app.log } });
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(statement));
const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/** The policies, by what they are. */
const policies = {} as Record<'rejectedDue' | 'rejectedRecent' | 'expiredDue' | 'cancelledDue' | 'rejectedNeverBranch' | 'active', Policy>;

async function uploadDocument(policy: Policy, token: string, slot = 'utilities', name = 'recibo.pdf') {
  const { payload, headers } = multipartFile(sampleFiles.pdf(name), name);
  const url = `/api/files/upload/${encodeURIComponent(policy.investigationId)}/${slot}`;
  return ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
}

/** The row menu's transition, or (`viaForm`) the policy form, which may set any status. */
async function setStatus(policy: Policy, status: Policy['status'], viaForm = false) {
  const payload = viaForm ? examplePolicyInput({ status }) : { status };
  const response = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(admin), payload });
  expect(response.statusCode, response.body).toBe(200);
}

async function reject(policy: Policy) {
  const response = await ctx.app.inject({ url: `/api/policy/reject/${encodeURIComponent(policy.investigationId)}?reason=Ingresos%20insuficientes`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
}

/** A policy with one investigation document, rejected `daysAgo` days ago. */
async function rejectedPolicy(token: string, daysAgo: number): Promise<Policy> {
  const { policy } = await policyWithDocument(ctx, { token }, { filename: 'recibo.pdf', content: sampleFiles.pdf('recibo.pdf') });
  await reject(policy);
  await db().execute(sql`update policy_events set created_at = ${ago(daysAgo).toISOString()}::timestamptz where policy_id = ${policy.id} and to_status = 'investigation_rejected'`);
  return policy;
}

/** Every stored file of a policy: table, id, name. */
const filesOf = (policyId: number) =>
  query<{ kind: string; id: number; storedName: string }>(sql`
    select 'investigation_document' as kind, id, stored_name as "storedName" from investigation_documents where policy_id = ${policyId}
    union all select 'contract_document', id, stored_name from contract_documents where policy_id = ${policyId}
    union all select 'addendum_file', id, file_stored_name from addendums where policy_id = ${policyId} and file_stored_name is not null
    union all select 'signing_pack', id, pack_stored_name from signing_rounds where policy_id = ${policyId} and pack_stored_name is not null
    order by 1, 2`);

/** A signing round on the policy, its pack a real stored PDF; `legacy`: made before the pack's size was kept. */
async function signingRound(policy: Policy, legacy: boolean) {
  const pack = await ctx.app.files.save(Readable.from([sampleFiles.pdf('contratos para firmar')]), { accept: ['pdf'], wasTruncated: () => false });
  await db().execute(sql`
    insert into signing_rounds (policy_id, pack_version, document_kinds, pack_stored_name, pack_sha256, pack_size, status, closed_at)
    values (${policy.id}, 1, '{lease}', ${pack.storedName}, ${pack.sha256}, ${legacy ? null : pack.size}, 'completed', now())`);
  return pack;
}

const inStore = async (storedName: string) => (await ctx.app.files.sizeOf(storedName)) !== null;

const preview = async (token = admin) => ctx.app.inject({ url: '/api/admin/retention/preview', headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  neverBranch = await insertBranch(ctx, { name: 'Sucursal Sin Retención' });
  await db().execute(sql`update branches set retain_rejected_documents_months = null, retain_ended_policy_documents_years = null where id = ${neverBranch}`);
  [agent, neverAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'agent', neverBranch)]);

  policies.rejectedDue = await rejectedPolicy(agent, 7 * 31);
  policies.rejectedRecent = await rejectedPolicy(agent, 60);
  policies.rejectedNeverBranch = await rejectedPolicy(neverAgent, 20 * 366);

  // Ended 11 years ago: an investigation document, the generated contract pack and an addendum's file.
  policies.expiredDue = await newPolicy(ctx, { token: agent });
  expect((await uploadDocument(policies.expiredDue, agent)).statusCode).toBe(201);
  const approved = await ctx.app.inject({ url: `/api/policy/approve/${policies.expiredDue.investigationId}?confirmMissing=true`, headers: bearer(admin) });
  expect(approved.statusCode, approved.body).toBe(200);
  await setStatus(policies.expiredDue, 'contracts');
  await setStatus(policies.expiredDue, 'signature');
  await setStatus(policies.expiredDue, 'active');
  const addendum = await ctx.app.inject({
    method: 'POST',
    url: '/api/addendum',
    headers: bearer(admin),
    payload: { policyId: policies.expiredDue.id, description: 'Incremento de renta', amount: '100.00', startDate: '2026-12-01', endDate: '2027-11-30' },
  });
  expect(addendum.statusCode, addendum.body).toBe(201);
  const { payload, headers } = multipartFile(sampleFiles.pdf('addendum'), 'addendum.pdf');
  const addendumFile = await ctx.app.inject({
    method: 'POST',
    url: `/api/addendum/upload-file/${json<Addendum>(addendum).id}/${policies.expiredDue.id}`,
    headers: { ...bearer(admin), ...headers },
    payload,
  });
  expect(addendumFile.statusCode, addendumFile.body).toBeLessThan(300);
  // Two signing rounds' packs (the signed documents themselves are contract documents).
  await signingRound(policies.expiredDue, false);
  await signingRound(policies.expiredDue, true);
  // The daily lifecycle expires it (its event by 'Sistema'); the period counts from the end date.
  const endDate = addDays(today, -(11 * 366));
  await db().execute(sql`update policies set end_date = ${endDate}::date where id = ${policies.expiredDue.id}`);
  await jobs().find((job) => job.name === 'policy-lifecycle')!.run(now);

  policies.cancelledDue = await newPolicy(ctx, { token: agent });
  expect((await uploadDocument(policies.cancelledDue, agent)).statusCode).toBe(201);
  await setStatus(policies.cancelledDue, 'active', true);
  const terminated = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policies.cancelledDue.id}/terminate`, headers: bearer(admin), payload: { reason: 'Desocupó el inmueble' } });
  expect(terminated.statusCode, terminated.body).toBe(200);
  await db().execute(sql`update policy_events set created_at = ${ago(11 * 366).toISOString()}::timestamptz where policy_id = ${policies.cancelledDue.id} and to_status = 'cancelled'`);

  // In force, with a document and an old start: never due.
  policies.active = await newPolicy(ctx, { token: agent });
  expect((await uploadDocument(policies.active, agent)).statusCode).toBe(201);
  await setStatus(policies.active, 'active', true);
  await db().execute(sql`update policies set created_at = ${ago(20 * 366).toISOString()}::timestamptz, updated_at = ${ago(20 * 366).toISOString()}::timestamptz where id = ${policies.active.id}`);
}, 60_000);
afterAll(() => ctx.close());

describe('GET /api/admin/retention/preview', () => {
  it('lists exactly the due policies, with every file each would lose, and the totals', async () => {
    const response = await preview();
    expect(response.statusCode, response.body).toBe(200);
    const body = json<RetentionPreview>(response);
    expect(body.today).toBe(today);
    const listed = new Map(body.policies.map((policy) => [policy.policyId, policy]));
    expect([...listed.keys()].sort((a, b) => a - b)).toEqual([policies.rejectedDue.id, policies.expiredDue.id, policies.cancelledDue.id].sort((a, b) => a - b));

    const rejected = listed.get(policies.rejectedDue.id)!;
    expect(rejected).toMatchObject({ reason: 'rejected', investigationId: policies.rejectedDue.investigationId, branchName: 'Sucursal Polanco', since: businessDate(ago(7 * 31)) });
    expect(rejected.deleteAfter <= today).toBe(true);
    expect(rejected.files).toHaveLength(1);
    expect(rejected.files[0]).toMatchObject({ kind: 'investigation_document', originalFilename: 'recibo.pdf' });

    const expired = listed.get(policies.expiredDue.id)!;
    expect(expired).toMatchObject({ reason: 'ended', since: addDays(today, -(11 * 366)) });
    const expiredFiles = await filesOf(policies.expiredDue.id);
    expect(new Set(expiredFiles.map((file) => file.kind))).toEqual(new Set(['investigation_document', 'contract_document', 'addendum_file', 'signing_pack']));
    expect(expired.files.map((file) => `${file.kind}:${file.id}:${file.storedName}`).sort()).toEqual(expiredFiles.map((file) => `${file.kind}:${file.id}:${file.storedName}`).sort());

    expect(listed.get(policies.cancelledDue.id)).toMatchObject({ reason: 'ended', since: businessDate(ago(11 * 366)) });
    const allFiles = body.policies.flatMap((policy) => policy.files);
    expect(body.totals).toEqual({ policies: 3, files: allFiles.length, bytes: allFiles.reduce((sum, file) => sum + file.size, 0) });
    expect(body.totals.bytes).toBeGreaterThan(0);
    expect(body.branches.find((branch) => branch.id === neverBranch)).toMatchObject({ retainRejectedDocumentsMonths: null, retainEndedPolicyDocumentsYears: null });
    expect(body.branches.find((branch) => branch.id === 1)).toMatchObject({ retainRejectedDocumentsMonths: 6, retainEndedPolicyDocumentsYears: 10 });
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/retention/preview' })).statusCode).toBe(401);
    for (const role of ['agent', 'manager', 'approver'] as const) {
      expect((await preview(await tokenFor(ctx, role, 1))).statusCode, role).toBe(403);
    }
  });
});

describe('the retention run', () => {
  it("deletes exactly the dry run's files, rows and bytes, and nothing added or changed after it", async () => {
    const plan = await planRetention(db(), now);
    const planned = plan.flatMap((policy) => policy.files);
    expect(planned.length).toBeGreaterThan(0);
    const before = new Map<number, Array<{ storedName: string }>>();
    for (const policy of Object.values(policies)) before.set(policy.id, await filesOf(policy.id));

    // After the dry run: a file lands on a due policy (its investigation is reopened and a
    // document uploaded, then it is rejected again the same way), and another due policy changes.
    await db().execute(sql`update policies set status = 'investigation' where id = ${policies.rejectedDue.id}`);
    const late = await uploadDocument(policies.rejectedDue, agent, 'employmentLetter', 'carta.pdf');
    expect(late.statusCode, late.body).toBe(201);
    await db().execute(sql`update policies set status = 'investigation_rejected' where id = ${policies.rejectedDue.id}`);
    const lateFile = (await filesOf(policies.rejectedDue.id)).find((file) => !planned.some((p) => p.storedName === file.storedName))!;
    expect(lateFile).toBeDefined();
    await setStatus(policies.cancelledDue, 'active', true);

    const result = await applyRetention(db(), ctx.app.files, plan, now);
    const cancelledPlanned = plan.find((policy) => policy.policyId === policies.cancelledDue.id)!.files;
    const expectedDeleted = planned.filter((file) => !cancelledPlanned.includes(file));
    expect(result.files).toBe(expectedDeleted.length);
    expect(result.policies.map((policy) => policy.policyId).sort()).toEqual([policies.rejectedDue.id, policies.expiredDue.id].sort());

    for (const file of expectedDeleted) expect(await inStore(file.storedName), file.storedName).toBe(false);
    expect(await filesOf(policies.expiredDue.id)).toEqual([]);
    expect((await filesOf(policies.rejectedDue.id)).map((file) => file.storedName)).toEqual([lateFile.storedName]);
    expect(await inStore(lateFile.storedName)).toBe(true);
    // The changed policy and the ones never due keep every file, rows and bytes.
    for (const key of ['cancelledDue', 'rejectedRecent', 'rejectedNeverBranch', 'active'] as const) {
      const files = await filesOf(policies[key].id);
      expect(files, key).toEqual(before.get(policies[key].id));
      for (const file of files) expect(await inStore(file.storedName), key).toBe(true);
    }
    // The addendum stays, without its file; the signing rounds stay with their hash, without their pack.
    const [addendumRow] = await query<{ n: number }>(sql`select count(*)::int as n from addendums where policy_id = ${policies.expiredDue.id}`);
    expect(addendumRow!.n).toBe(1);
    const rounds = await query<{ packStoredName: string | null; packSha256: string }>(sql`select pack_stored_name as "packStoredName", pack_sha256 as "packSha256" from signing_rounds where policy_id = ${policies.expiredDue.id}`);
    expect(rounds).toHaveLength(2);
    for (const round of rounds) expect(round).toMatchObject({ packStoredName: null, packSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Bytes counted from the store for the pack whose size was not kept.
    const packs = result.policies.flatMap((policy) => policy.files).filter((file) => file.kind === 'signing_pack');
    expect(packs).toHaveLength(2);
    for (const pack of packs) expect(pack.size).toBeGreaterThan(0);
  });

  it("writes the policy's history by 'Sistema' and keeps the policy and its people", async () => {
    const events = json<PolicyEvent[]>(await ctx.app.inject({ url: `/api/policy/${policies.expiredDue.id}/events`, headers: bearer(admin) }));
    const retention = events.filter((event) => event.note.startsWith('Documentos eliminados por retención'));
    expect(retention).toHaveLength(1);
    const [year, month, day] = addDays(today, -(11 * 366)).split('-');
    expect(retention[0]).toMatchObject({ userName: 'Sistema', note: expect.stringContaining(`(póliza terminada el ${day}/${month}/${year})`) });
    const policy = json<Policy>(await ctx.app.inject({ url: `/api/policy/unique/${policies.expiredDue.id}`, headers: bearer(admin) }));
    expect(policy.status).toBe('expired');
    expect(policy.tenants[0]?.name).toBe(examplePolicyInput().tenants[0]?.name);
    const [bySystem] = await query<{ n: number }>(sql`select count(*)::int as n from policy_events where policy_id = ${policies.rejectedDue.id} and by_system and note like 'Documentos eliminados por retención: 1 archivo (investigación rechazada el %'`);
    expect(bySystem!.n).toBe(1);
  });

  it('as the daily job: the late file goes at the next run, and a run after that deletes nothing more', async () => {
    const job = jobs().find((candidate) => candidate.name === 'retention')!;
    expect(job.cron).toBe('30 2 * * *');
    const lateFiles = await filesOf(policies.rejectedDue.id);
    const next = (await job.run(now)) as { summary: string; deleted: { files: number; policies: number } };
    expect(next.deleted).toMatchObject({ files: 1, policies: 1 });
    expect(next.summary).toBe('1 archivo eliminado de 1 póliza (0.0 MB); 0 correos y 0 notificaciones antiguos eliminados; 0 incidencias cerradas anonimizadas.');
    expect(await filesOf(policies.rejectedDue.id)).toEqual([]);
    expect(await inStore(lateFiles[0]!.storedName)).toBe(false);

    const again = (await job.run(now)) as { deleted: { files: number } };
    expect(again.deleted.files).toBe(0);
    expect(json<RetentionPreview>(await preview()).policies).toEqual([]);
  });
});

describe("the portal's own messages (issue 29)", () => {
  it('deletes delivered e-mails after 180 days, given-up ones after a year, never queued ones; read notifications after 90 days, any after a year', async () => {
    const email = (status: string, createdAt: Date, sentAt: Date | null) =>
      sql`insert into email_outbox (recipient, subject, html, text, kind, status, created_at, sent_at) values ('a@correo.mx', ${`${status} ${createdAt.toISOString()}`}, '', '', 'job_failed', ${status}, ${createdAt.toISOString()}, ${sentAt?.toISOString() ?? null}) returning id`;
    const keptEmails = [email('sent', ago(100), ago(100)), email('failed', ago(200), null), email('queued', ago(900), null)];
    const goneEmails = [email('sent', ago(200), ago(181)), email('failed', ago(366), null)];
    const notification = (createdAt: Date, readAt: Date | null) =>
      sql`insert into notifications (user_id, kind, title, created_at, read_at) values (1, 'job_failed', 'Aviso', ${createdAt.toISOString()}, ${readAt?.toISOString() ?? null}) returning id`;
    const keptNotifications = [notification(ago(100), null), notification(ago(100), ago(80))];
    const goneNotifications = [notification(ago(100), ago(91)), notification(ago(366), null)];
    const idsOf = async (statements: Array<ReturnType<typeof sql>>) => Promise.all(statements.map(async (statement) => Number((await query<{ id: number }>(statement))[0]!.id)));
    const [kept, gone, keptN, goneN] = [await idsOf(keptEmails), await idsOf(goneEmails), await idsOf(keptNotifications), await idsOf(goneNotifications)];

    const job = jobs().find((candidate) => candidate.name === 'retention')!;
    const result = (await job.run(now)) as { summary: string; messages: { emails: number; notifications: number } };
    expect(result.messages).toEqual({ emails: 2, notifications: 2 });
    expect(result.summary).toMatch(/; 2 correos y 2 notificaciones antiguos eliminados; 0 incidencias cerradas anonimizadas\.$/);
    const emailIds = (await query<{ id: number }>(sql`select id from email_outbox`)).map((row) => Number(row.id));
    const notificationIds = (await query<{ id: number }>(sql`select id from notifications`)).map((row) => Number(row.id));
    expect(emailIds).toEqual(expect.arrayContaining(kept));
    expect(notificationIds).toEqual(expect.arrayContaining(keptN));
    for (const id of gone) expect(emailIds).not.toContain(id);
    for (const id of goneN) expect(notificationIds).not.toContain(id);
  });
});

describe('a backlog', () => {
  it('the preview lists a slice, longest due first, and counts everything; the run goes through it in batches', async () => {
    const older = await rejectedPolicy(agent, 9 * 31);
    const newer = await rejectedPolicy(agent, 8 * 31);
    const [first] = await planRetention(db(), now, { oldestFirst: true, limit: 1 });
    expect(first?.policyId).toBe(older.id);
    const body = json<RetentionPreview>(await preview());
    expect(body.totals).toMatchObject({ policies: 2, files: 2 });
    expect(body.policies.map((policy) => policy.policyId)).toEqual([older.id, newer.id]);

    // One policy per batch: both batches are planned and deleted, and the run then stops.
    const result = await runRetention(db(), ctx.app.files, now, 1);
    expect(result).toMatchObject({ planned: { policies: 2, files: 2 }, deleted: { policies: 2, files: 2 } });
    expect(await filesOf(older.id)).toEqual([]);
    expect(await filesOf(newer.id)).toEqual([]);
    // Cleaned policies stay due but have nothing left: neither listed nor read again.
    expect(json<RetentionPreview>(await preview())).toMatchObject({ policies: [], totals: { policies: 0, files: 0, bytes: 0 } });
    expect((await runRetention(db(), ctx.app.files, now, 1)).planned).toEqual({ policies: 0, files: 0 });
  });
});
