import type { z } from 'zod';
import type { Endpoint } from '@portal/domain';

/** What the OpenAPI page says of a route, beside its contract. */
export interface RouteDocs {
  summary: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}

type Present<T, Key extends string> = T extends z.ZodType ? Record<Key, T> : unknown;

/** The route's Fastify schema, typed from the contract so the handler's request and answer are checked. */
type EndpointSchema<E extends Endpoint, Errors> = RouteDocs &
  Present<E['params'], 'params'> &
  Present<E['query'], 'querystring'> &
  Present<E['body'], 'body'> & { response: (E['response'] extends z.ZodType ? Record<E['status'], E['response']> : unknown) & Errors };

/**
 * A route's method, URL and schema taken from its contract in the domain (decision 024):
 * `app.route({ ...endpointRoute(jobEndpoints.runNow, docs, errors), handler })`. The handler's
 * params, query and body are typed from the contract, and what it answers must fit the
 * contract's response (fastify-type-provider-zod): a route cannot drift from what the web expects.
 */
export function endpointRoute<E extends Endpoint, Errors extends Record<number, z.ZodType>>(endpoint: E, docs: RouteDocs, errors: Errors) {
  const schema = {
    ...docs,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { ...(endpoint.response ? { [endpoint.status]: endpoint.response } : {}), ...errors },
  } as EndpointSchema<E, Errors>;
  return { method: endpoint.method, url: endpoint.path, schema };
}
