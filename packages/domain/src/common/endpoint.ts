import type { z } from 'zod';

/**
 * One API endpoint's contract (issue 31, decision 024): what the route accepts and answers, and
 * what the web's typed client sends and gets back. The route is registered from it
 * (apps/api/src/lib/endpoint-route.ts), the client calls through it (apps/web/src/lib/endpoint-client.ts),
 * so neither side can drift from the other without a type error.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's spelling: `/api/branches/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's schema; an endpoint that answers with no body has none (204). */
  response?: z.ZodType;
  /** The success status (default 200). */
  status: number;
}

type EndpointInput = Omit<Endpoint, 'status'> & { status?: number };

/** An endpoint with its status defaulted to 200: `endpoint({ method: 'GET', path: '/api/x', response })`. */
export function endpoint<const E extends EndpointInput>(definition: E): E & { status: E['status'] extends number ? E['status'] : 200 } {
  return { status: 200, ...definition } as E & { status: E['status'] extends number ? E['status'] : 200 };
}

/** `/api/branches/:id/users/:userId` → 'id' | 'userId'. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** The values a caller puts into the path. */
export type EndpointPathParams<E extends Endpoint> = [PathParamNames<E['path']>] extends [never] ? undefined : Record<PathParamNames<E['path']>, string | number>;

/** What a caller may send as the query string (the schema's input). */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;

/** What a caller sends as the body (the schema's input). */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** What a successful call answers: nothing for a 204, whose `null` never reaches the browser as a body. */
export type EndpointResponse<E extends Endpoint> = E['status'] extends 204 ? void : E['response'] extends z.ZodType ? z.output<E['response']> : void;
