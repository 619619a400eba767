import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { createJobQueue, dailyJobId, type JobDefinition, type JobQueue } from './job-queue';

/**
 * The queue on a real database (PGlite in `npm test`, PostgreSQL with TEST_DATABASE_URL): two
 * queues on one database stand for two app instances sharing it.
 */
let testDb: TestDatabase;
const queues: JobQueue[] = [];
const soon = { timeout: 15_000, interval: 50 };
const quietLog = { info: () => {}, error: () => {} };

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await testDb.drop();
});

function startQueue(definitions: JobDefinition[], onFinalFailure: (name: string, error: unknown) => Promise<void> = async () => {}) {
  const queue = createJobQueue(testDb.database.jobConnection, definitions, {
    enabled: true,
    log: quietLog,
    onFinalFailure,
    serializeStartup: (work) => testDb.database.withStartupLock(work),
    pollingIntervalSeconds: 0.5,
  });
  queues.push(queue);
  return queue;
}

function counting(name: string, extra: Partial<JobDefinition> = {}) {
  const runs: Date[] = [];
  const definition: JobDefinition = {
    name,
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInMinutes: 5,
    async run(now) {
      runs.push(now);
      return { summary: `run ${runs.length}` };
    },
    ...extra,
  };
  return { definition, runs };
}

describe('the job queue (pg-boss)', () => {
  it('runs the start-up catch-up once when two instances start on the same day', async () => {
    // Each instance has its own handler; between them the job must run once.
    const first = counting('catch-up-test', { catchUpAtStart: true });
    const second = counting('catch-up-test', { catchUpAtStart: true });
    await Promise.all([startQueue([first.definition]).start(), startQueue([second.definition]).start()]);
    await expect.poll(() => first.runs.length + second.runs.length, soon).toBe(1);
    // Long enough for a second copy to have been fetched by either instance (polling every 0.5 s).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(first.runs.length + second.runs.length).toBe(1);
  });

  it('hands each run to one instance only', async () => {
    const first = counting('run-now-test');
    const second = counting('run-now-test');
    const [a, b] = [startQueue([first.definition]), startQueue([second.definition])];
    await Promise.all([a.start(), b.start()]);
    for (let i = 0; i < 6; i++) await (i % 2 ? a : b).runNow('run-now-test');
    await expect.poll(() => first.runs.length + second.runs.length, soon).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(first.runs.length + second.runs.length).toBe(6);
  });

  it('retries a failed run with backoff, and tells once when the last attempt fails', async () => {
    let attempts = 0;
    const finalFailures: string[] = [];
    const flaky: JobDefinition = {
      name: 'flaky-test',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInMinutes: 5,
      async run() {
        attempts++;
        if (attempts === 1) throw new Error('primer intento rechazado');
        return { summary: 'bien al segundo' };
      },
    };
    const broken: JobDefinition = {
      name: 'broken-test',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInMinutes: 5,
      async run() {
        throw new Error('siempre falla');
      },
    };
    const queue = startQueue([flaky, broken], async (name, error) => void finalFailures.push(`${name}: ${(error as Error).message}`));
    await queue.start();
    await queue.runNow('flaky-test');
    await queue.runNow('broken-test');
    await expect.poll(() => attempts, soon).toBe(2);
    await expect.poll(() => finalFailures, soon).toEqual(['broken-test: siempre falla']);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(attempts).toBe(2);
    expect(finalFailures).toHaveLength(1);
  });

  it('refuses to queue a job it does not know', async () => {
    const queue = startQueue([counting('known-test').definition]);
    await queue.start();
    await expect(queue.runNow('unknown-test')).rejects.toThrow();
  });

  it('derives one job id per job and day', () => {
    expect(dailyJobId('policy-lifecycle', '2026-11-24')).toBe(dailyJobId('policy-lifecycle', '2026-11-24'));
    expect(dailyJobId('policy-lifecycle', '2026-11-24')).not.toBe(dailyJobId('policy-lifecycle', '2026-11-25'));
    expect(dailyJobId('policy-lifecycle', '2026-11-24')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
