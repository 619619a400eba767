import fs from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsOverview } from '@portal/domain';
import { sampleFiles } from '../../test/files';
import { ADMIN, bearer, buildTestApp, createTestContext, json, login, testConfig, tokenFor, type TestContext } from '../../test/app';
import type { DiskFileStore } from '../../lib/file-store';
import { rowsOf } from '../../db/client';
import { businessJobs } from '../../jobs/business-jobs';
import type { SecretBox } from '../../lib/secret-box';
import { queueEmails, type MailTransport } from '../email/index';
import { queueDepths } from './index';

let ctx: TestContext;
let adminToken: string;
const soon = { timeout: 15_000, interval: 100 };

beforeAll(async () => {
  // This instance works the queue, as a production instance does by default.
  ctx = await createTestContext({ JOBS: 'on' });
  await ctx.app.jobQueue.start();
  adminToken = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => ctx.close());

const overview = async (token = adminToken) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return json<JobsOverview>(response);
};
const runNow = (name: string, token = adminToken, app = ctx.app) => app.inject({ method: 'POST', url: `/api/admin/jobs/${name}/run`, headers: bearer(token) });

describe('GET /api/admin/jobs', () => {
  it('lists every job with its schedule, in Spanish, and says this instance works them', async () => {
    const body = await overview();
    expect(body.workerHere).toBe(true);
    expect(body.jobs.map((job) => job.name)).toEqual(['policy-lifecycle', 'appointment-reminders', 'email-delivery', 'retention', 'files-sweep', 'lead-follow-ups', 'whatsapp-delivery', 'rent-arrears', 'rent-reminders', 'claim-instalments', 'claim-deadlines', 'signing-rounds']);
    expect(body.jobs.find((job) => job.name === 'files-sweep')).toMatchObject({
      label: 'Limpieza de archivos sin uso',
      schedule: 'Diario a las 03:30 (hora de la Ciudad de México)',
    });
  });

  it('answers 401 without a token and 403 to agents and managers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    for (const role of ['agent', 'manager'] as const) {
      const token = await tokenFor(ctx, role);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(token) })).statusCode).toBe(403);
      expect((await runNow('files-sweep', token)).statusCode).toBe(403);
    }
  });
});

describe('POST /api/admin/jobs/{name}/run', () => {
  it('queues a run that a worker completes, and the page shows its summary', async () => {
    // A file nobody references, two days old (as a crash between the rename and the commit
    // would leave it): the sweep removes it.
    const orphan = await ctx.app.files.save(Readable.from([sampleFiles.pdf('huérfano')]), { accept: ['pdf'], wasTruncated: () => false });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync((ctx.app.files as DiskFileStore).pathOf(orphan.storedName), twoDaysAgo, twoDaysAgo);

    const response = await runNow('files-sweep');
    expect(response.statusCode, response.body).toBe(202);
    const { id, message } = json<{ id: string; message: string }>(response);
    expect(message).toBe('Tarea en cola: se ejecutará en unos segundos.');

    await expect.poll(async () => (await overview()).jobs.find((job) => job.name === 'files-sweep')?.lastCompleted?.id, soon).toBe(id);
    const body = await overview();
    const sweep = body.jobs.find((job) => job.name === 'files-sweep')!;
    expect(sweep.lastCompleted).toMatchObject({ state: 'completed', attempts: 1, message: expect.stringMatching(/1 sin uso eliminados/) });
    expect(sweep.pending).toBe(0);
    expect(body.recentRuns[0]).toMatchObject({ id, name: 'files-sweep', state: 'completed' });
    expect(fs.existsSync((ctx.app.files as DiskFileStore).pathOf(orphan.storedName))).toBe(false);
  });

  it('keeps a few runs of each job in the recent list, so a frequent job does not hide the others', async () => {
    for (let i = 0; i < 6; i++) expect((await runNow('appointment-reminders')).statusCode).toBe(202);
    const finished = async () => (await overview()).jobs.find((job) => job.name === 'appointment-reminders')!.pending;
    await expect.poll(finished, soon).toBe(0);
    const body = await overview();
    expect(body.recentRuns.filter((run) => run.name === 'appointment-reminders')).toHaveLength(5);
    expect(body.recentRuns.some((run) => run.name === 'files-sweep')).toBe(true);
    expect(body.recentRuns.map((run) => run.createdAt)).toEqual(body.recentRuns.map((run) => run.createdAt).sort().reverse());
  });

  it('answers 400 naming an unknown job', async () => {
    const response = await runNow('no-existe');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Tarea desconocida');
  });

  it('answers 409 on an instance that does not work jobs (JOBS=off), which still shows them', async () => {
    const { app } = await buildTestApp(testConfig({ JOBS: 'off' }), ctx.testDb);
    try {
      const token = (await login(app, ADMIN.email, ADMIN.password)).token;
      const response = await runNow('files-sweep', token, app);
      expect(response.statusCode).toBe(409);
      expect(response.body).toContain('JOBS=off');
      const shown = json<JobsOverview>(await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(token) }));
      expect(shown.workerHere).toBe(false);
      expect(shown.recentRuns.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('shows an empty history on a database where no instance has started the queue yet', async () => {
    const fresh = await createTestContext();
    try {
      const token = (await login(fresh.app, ADMIN.email, ADMIN.password)).token;
      const body = json<JobsOverview>(await fresh.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(token) }));
      expect(body).toMatchObject({ workerHere: false, recentRuns: [] });
      expect(body.jobs.every((job) => job.lastCompleted === null && job.pending === 0)).toBe(true);
      // And /metrics reads no queue there (pg-boss's tables do not exist yet).
      expect(await queueDepths(fresh.app.db)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("'Envío de correos' without SMTP_URL (issue 29)", () => {
  const emailRuns = async () =>
    rowsOf<{ count: number }>(
      await ctx.app.db.execute(sql`select (select count(*) from pgboss.job where name = 'email-delivery') + (select count(*) from pgboss.archive where name = 'email-delivery') as count`),
    )[0]!.count;

  it('is not scheduled, so it writes no run every minute, and the page says why', async () => {
    const scheduled = rowsOf<{ name: string }>(await ctx.app.db.execute(sql`select name from pgboss.schedule order by name`)).map((row) => row.name);
    expect(scheduled).toContain('whatsapp-delivery');
    expect(scheduled).not.toContain('email-delivery');
    const job = (await overview()).jobs.find((candidate) => candidate.name === 'email-delivery');
    expect(job).toMatchObject({ label: 'Envío de correos', schedule: 'No se ejecuta: falta SMTP_URL. Los correos esperan en «Correos salientes» hasta que se configure.' });
  });

  it('is not run after a request that queued e-mails: they wait in the outbox', async () => {
    const before = Number(await emailRuns());
    await queueEmails(ctx.app.db, [{ recipient: 'lucia@empresa.mx', subject: 'Aviso', html: '<p>x</p>', text: 'x', kind: 'job_failed' }]);
    await overview(); // any response: the hook that would have asked for a run
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Number(await emailRuns())).toBe(before);
  });

  it('is scheduled every minute when there is a transport', () => {
    const definitions = (mail: MailTransport | undefined) => businessJobs({ db: ctx.app.db, files: ctx.app.files, mail, secretBox: {} as SecretBox, whatsapp: { hosts: { allowed: undefined }, log: ctx.app.log } });
    const transport: MailTransport = { sendMail: () => Promise.resolve() };
    expect(definitions(transport).find((job) => job.name === 'email-delivery')!.cron).toBe('* * * * *');
    expect(definitions(undefined).find((job) => job.name === 'email-delivery')!.cron).toBeUndefined();
  });
});

describe('queueDepths (for /metrics)', () => {
  it('counts the runs waiting in each queue', async () => {
    // A run due in an hour: waiting, and no worker takes it meanwhile.
    await ctx.app.db.execute(sql`insert into pgboss.job (name, data, start_after) values ('files-sweep', '{}', now() + interval '1 hour')`);
    try {
      expect(await queueDepths(ctx.app.db)).toContainEqual({ name: 'files-sweep', state: 'created', count: 1 });
    } finally {
      await ctx.app.db.execute(sql`delete from pgboss.job where name = 'files-sweep' and start_after > now() + interval '10 minutes'`);
    }
  });
});
