import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDefinition } from './job-queue';
import { counting, jobQueueHarness } from './job-queue-harness';

/**
 * Slow by nature (issue 30): each test waits for real — pg-boss polls every 0.5 s at the least,
 * retries after a second, and "no second copy was fetched" can only be proven by waiting 1–1.5 s
 * after the first. A fake clock would not move the database's clock nor its polls
 * (docs/performance/tests.md). `npm run test:slow` and CI run it.
 */
const harness = jobQueueHarness();
const startQueue = harness.startQueue;
const soon = { timeout: 15_000, interval: 50 };
beforeAll(harness.open);
afterAll(harness.close);

describe('the job queue (pg-boss), waiting for its polls', () => {
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

});
