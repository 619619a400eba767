import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyJobId } from './job-queue';
import { counting, jobQueueHarness } from './job-queue-harness';

// What needs pg-boss to poll, retry or not fetch a second copy (real waits of 1–1.5 s each) is in
// job-queue.slow.test.ts.
const harness = jobQueueHarness();
const startQueue = harness.startQueue;
beforeAll(harness.open);
afterAll(harness.close);

describe('the job queue (pg-boss)', () => {
  it('refuses to queue a job it does not know', async () => {
    const queue = startQueue([counting('known-test').definition]);
    await queue.start();
    await expect(queue.runNow('unknown-test')).rejects.toThrow();
  });

  it('queues a run asked for while the queue is still starting (it starts after the server listens), once started', async () => {
    const queue = startQueue([counting('early-test').definition]);
    // No start() awaited first: the request of an admin who clicks 'Ejecutar' right after a start.
    const [id] = await Promise.all([queue.runNow('early-test'), queue.start()]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('derives one job id per job and day', () => {
    expect(dailyJobId('policy-lifecycle', '2026-11-24')).toBe(dailyJobId('policy-lifecycle', '2026-11-24'));
    expect(dailyJobId('policy-lifecycle', '2026-11-24')).not.toBe(dailyJobId('policy-lifecycle', '2026-11-25'));
    expect(dailyJobId('policy-lifecycle', '2026-11-24')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
