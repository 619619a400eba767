import { createTestDatabase, type TestDatabase } from '../test/database';
import { createJobQueue, type JobDefinition, type JobQueue } from './job-queue';

/**
 * The queue on a real database (PGlite in `npm test`, PostgreSQL with TEST_DATABASE_URL): two
 * queues on one database stand for two app instances sharing it. Shared by job-queue.test.ts and
 * job-queue.slow.test.ts; each file calls it once (its beforeAll/afterAll).
 */
export function jobQueueHarness() {
  let testDb: TestDatabase;
  const queues: JobQueue[] = [];
  const quietLog = { info: () => {}, error: () => {} };
  return {
    async open() {
      testDb = await createTestDatabase();
    },
    async close() {
      for (const queue of queues) await queue.stop();
      await testDb.drop();
    },
    startQueue(definitions: JobDefinition[], onFinalFailure: (name: string, error: unknown) => Promise<void> = async () => {}) {
      const queue = createJobQueue(testDb.database.jobConnection, definitions, {
        enabled: true,
        log: quietLog,
        onFinalFailure,
        serializeStartup: (work) => testDb.database.withStartupLock(work),
        pollingIntervalSeconds: 0.5,
      });
      queues.push(queue);
      return queue;
    },
  };
}

/** A job that counts its runs. */
export function counting(name: string, extra: Partial<JobDefinition> = {}) {
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
