import http from 'node:http';
import { percentile } from './harness';

/**
 * The HTTP side of the write benches (`bench/creates.ts`, `bench/mixed.ts`): requests over
 * keep-alive sockets (node:http, light on the client's CPU: the machine's two cores are shared
 * with the server and PostgreSQL) and every answer kept as an outcome (route, status, time), so
 * the figures can be told per route, with the refusals' messages.
 */

export interface Outcome {
  route: string;
  status: number;
  ms: number;
  /** The answer's `message` when it was not a 2xx (or the socket error's). */
  message?: string;
}

export interface Client {
  request(route: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Outcome & { body: string }>;
  close(): void;
}

/** A client of `base` with the bearer header of `token`, at most `sockets` connections. */
export function httpClient(base: string, token: string, sockets: number): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  return {
    request(route, method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      return new Promise((resolve) => {
        const request = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method,
            path,
            headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              const status = response.statusCode ?? 0;
              const outcome = { route, status, ms: performance.now() - started, body: text };
              resolve(status >= 200 && status < 300 ? outcome : { ...outcome, message: messageOf(text) });
            });
          },
        );
        request.on('error', (error) => resolve({ route, status: 0, ms: performance.now() - started, body: '', message: error.message }));
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

function messageOf(text: string): string {
  try {
    return String((JSON.parse(text) as { message?: unknown }).message ?? text.slice(0, 200));
  } catch {
    return text.slice(0, 200);
  }
}

/** Runs `task` `total` times with at most `concurrency` in flight; the outcomes and the wall time. */
export async function runPool(total: number, concurrency: number, task: (index: number) => Promise<Outcome>): Promise<{ outcomes: Outcome[]; seconds: number }> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) outcomes.push(await task(next++));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

export interface Summary {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx (status 0: the socket failed). */
  refused: number;
  /** `status message` → how many times. */
  refusals: Record<string, number>;
}

export function summarize(outcomes: Outcome[], seconds: number): Summary {
  const refusals: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (outcome.status >= 200 && outcome.status < 300) continue;
    const key = `${outcome.status} ${outcome.message ?? ''}`.trim();
    refusals[key] = (refusals[key] ?? 0) + 1;
  }
  const times = outcomes.map((outcome) => outcome.ms);
  return {
    requests: outcomes.length,
    perSecond: outcomes.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    refused: Object.values(refusals).reduce((sum, count) => sum + count, 0),
    refusals,
  };
}

export function describeRefusals(refusals: Record<string, number>): string {
  const entries = Object.entries(refusals);
  return entries.length === 0 ? 'none' : entries.map(([key, count]) => `${count} × ${key}`).join('; ');
}
