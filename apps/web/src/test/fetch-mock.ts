import { vi } from 'vitest';

/** One recorded call to the stubbed fetch. */
interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  /** The If-Match header of a conditional save (decision 023). */
  ifMatch: string | null;
}

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
type Handler = (call: RecordedCall) => Reply;

function jsonResponse(status: number, body?: unknown): Response {
  // A file the server answers (a PDF's bytes) goes out as it is.
  if (body instanceof Uint8Array) return new Response(new Uint8Array(body), { status, headers: { 'Content-Type': 'application/octet-stream' } });
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces the global fetch (only the network is faked). Routes are 'METHOD /path' (the query
 * string is part of the path); a route may hold a list of replies used in turn. Unknown routes
 * answer 404 so a test notices them.
 */
export function mockFetch(routes: Record<string, Handler | Reply | Array<Handler | Reply>>) {
  const calls: RecordedCall[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
      ifMatch: headers.get('If-Match'),
    };
    calls.push(call);
    const key = `${method} ${path}`;
    const route = routes[key];
    if (route === undefined) return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: `Sin ruta de prueba: ${key}` });
    let entry: Handler | Reply;
    if (Array.isArray(route)) {
      const index = used.get(key) ?? 0;
      used.set(key, index + 1);
      entry = route[Math.min(index, route.length - 1)]!;
    } else entry = route;
    const reply = await (typeof entry === 'function' ? entry(call) : entry);
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
