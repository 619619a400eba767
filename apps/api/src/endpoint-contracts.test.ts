import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as domain from '@portal/domain';
import type { Endpoint } from '@portal/domain';
import { endpointRoute } from './lib/endpoint-route';
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

type OpenApiOperation = { parameters?: unknown; requestBody?: unknown; responses?: Record<string, unknown> };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/**
 * The OpenAPI page the contracts alone describe: each one registered through endpointRoute on an
 * app that never serves, documented by the same transform as the real app's (plugins/openapi.ts).
 */
async function documentContracts(): Promise<OpenApiDocument> {
  const app = Fastify();
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, { openapi: { info: { title: 'contracts', version: '1' } }, transform: jsonSchemaTransform });
  for (const { endpoint } of contracts) app.route({ ...endpointRoute(endpoint, { summary: '' }, {}), handler: () => null });
  await app.ready();
  const document = app.swagger() as unknown as OpenApiDocument;
  await app.close();
  return document;
}

/** What a route's documentation says it takes, and answers with its success status (a file's answer has no schema to compare). */
function operationOf(document: OpenApiDocument, endpoint: Endpoint) {
  const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
  const response = endpoint.response ? operation?.responses?.[String(endpoint.status)] : undefined;
  return { parameters: operation?.parameters, requestBody: operation?.requestBody, response };
}

let ctx: TestContext;
let byContracts: OpenApiDocument;

beforeAll(async () => {
  ctx = await createTestContext();
  byContracts = await documentContracts();
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

  // Until every route is registered from its contract, the route's own schemas could drift from
  // it: what the app documents for the route (params, query, body, success answer) must be what
  // the contract documents.
  it.each(contracts)('$name takes and answers what the route does', ({ endpoint }) => {
    expect(operationOf(ctx.app.swagger() as unknown as OpenApiDocument, endpoint)).toEqual(operationOf(byContracts, endpoint));
  });
});
