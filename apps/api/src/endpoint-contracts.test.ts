import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as domain from '@portal/domain';
import type { Endpoint } from '@portal/domain';
import { createTestContext, type TestContext } from './test/app';

/**
 * Decision 024: every endpoint contract the domain exports (the web calls only through them) is
 * a route of the app: the web cannot call a path the server does not have.
 */
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'status' in value && typeof (value as Endpoint).path === 'string';

const contracts = Object.entries(domain)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, endpoints]) => Object.entries(endpoints as Record<string, unknown>).filter(([, value]) => isEndpoint(value)).map(([name, value]) => ({ name: `${group}.${name}`, endpoint: value as Endpoint })));

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('endpoint contracts (decision 024)', () => {
  it('exist', () => {
    expect(contracts.length).toBeGreaterThan(0);
  });

  // Registered through endpointRoute (apps/api/src/lib/endpoint-route.ts), a route takes its
  // schemas from its contract: what it answers is checked against it at compile time.
  it.each(contracts)('$name is a route of the app', ({ endpoint }) => {
    expect(ctx.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${endpoint.method} ${endpoint.path}`).toBe(true);
  });
});
