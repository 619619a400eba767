import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy on loopback in front of the portal that holds chosen API calls for a while
 * before passing them on, as a slow connection would. Playwright's `page.route` cannot stand in
 * for it here: a call it holds is paused inside the browser, which then cancels it without the
 * page ever seeing a failed fetch, so the bug of issue 22 did not show through it.
 */
export interface SlowProxy {
  /** The proxy's origin: the page must sign in there (localStorage belongs to an origin). */
  url: string;
  /** Calls whose path starts with this are held `delayMs` from now on; null lets all through. */
  slowDown(pathPrefix: string | null, delayMs?: number): void;
  /** Resolves once no call is being held any more. */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export async function startSlowProxy(target: string): Promise<SlowProxy> {
  let slowPrefix: string | null = null;
  let slowMs = 0;
  const pending = new Set<NodeJS.Timeout>();
  let onDrained: Array<() => void> = [];
  const release = (timer: NodeJS.Timeout) => {
    pending.delete(timer);
    if (pending.size > 0) return;
    for (const resolve of onDrained) resolve();
    onDrained = [];
  };

  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const delay = slowPrefix !== null && path.startsWith(slowPrefix) ? slowMs : 0;
    const timer = setTimeout(() => {
      release(timer);
      if (request.destroyed) return;
      const upstream = http.request(`${target}${path}`, { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      response.on('close', () => upstream.destroy());
      request.pipe(upstream);
    }, delay);
    pending.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    slowDown(pathPrefix, delayMs = 3_000) {
      slowPrefix = pathPrefix;
      slowMs = delayMs;
    },
    drained() {
      return pending.size === 0 ? Promise.resolve() : new Promise((resolve) => onDrained.push(resolve));
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
