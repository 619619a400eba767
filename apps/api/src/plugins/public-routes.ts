import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginOptions, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicLinkMessages } from '@portal/domain';
import { AppError } from '../lib/app-error';
import type { CredentialPaths } from '../lib/credential-paths';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The path parameter that is the route's credential, hidden in the request's log line. A public
     * route's is `token` unless it names another; any other route may name one (the calendar feed does).
     */
    credentialParam?: string;
    /** Set on the routes registered through publicRoutes(). */
    publicRoute?: boolean;
  }
  interface FastifyInstance {
    /**
     * Declares a page of the web app that carries a credential (a link's `/p/:token`): not an API
     * route, so it is named here to be answered with the public headers and hidden in the logs.
     */
    publicPage(pattern: string): void;
  }
}

/**
 * How often one address may call a public route (per route, per minute), unless the route states
 * its own `config.rateLimit`. A token has 256 bits, so guessing is hopeless anyway; the limit keeps
 * a script from hammering the pages, the uploads and the one-time codes.
 */
const publicRateLimit = { max: 60, timeWindow: 60_000 } as const;

/** The public API's home: a URL under it that no route matches (a 404) is answered with the public headers too. */
const publicApiPrefix = '/api/public/';

/** Marks the scopes publicRoutes() opens (a decorator, so the plugins registered inside them inherit it). */
const publicScope = Symbol('publicScope');

const isPublicScope = (instance: FastifyInstance) => (instance as unknown as Record<symbol, unknown>)[publicScope] === true;

/**
 * Routes open to whoever holds the credential in their path, with no session: the links' pages and
 * calls (issue 17), an invitation's page (issue 20), a branch's web form and its WhatsApp webhook.
 * Every route registered through this gets, because it was registered here:
 * - a rate limit: `publicRateLimit`, or the route's own `config.rateLimit`;
 * - the public headers: no referrer, kept by no cache, not for search engines (the credential is in the URL);
 * - its credential (`config.credentialParam`, `token` by default) hidden in the request's log line.
 */
export function publicRoutes<Options extends FastifyPluginOptions>(routes: FastifyPluginAsyncZod<Options>): FastifyPluginAsyncZod<Options> {
  return async (scope, options) => {
    scope.decorate(publicScope, true);
    await scope.register(routes, options);
  };
}

export interface PublicRoutesPluginOptions {
  /** Where the rate limit counts: the database (db/postgres-rate-limit-store.ts), one limit for every instance. */
  store: FastifyRateLimitStoreCtor;
  /** What the request's log line hides; app.ts's logger reads it. */
  credentialPaths: CredentialPaths;
}

/** Makes publicRoutes() work: the rate limit, the headers and the credentials' masking behind it. */
export const publicRoutesPlugin = fp(async (app, { store, credentialPaths }: PublicRoutesPluginOptions) => {
  const publicPrefixes = [publicApiPrefix];

  // Before the rate limit's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', function (route) {
    if (isPublicScope(this)) route.config = publicRouteConfig(route);
    else if (route.url.startsWith(publicApiPrefix)) throw new Error(`${route.url}: a route under ${publicApiPrefix} is registered through publicRoutes()`);
    if (route.config?.credentialParam) credentialPaths.add(route.url, route.config.credentialParam);
  });
  await app.register(rateLimit, {
    global: false,
    store,
    errorResponseBuilder: () => new AppError(429, publicLinkMessages.tooManyRequests),
  });

  app.decorate('publicPage', (pattern: string) => {
    credentialPaths.add(pattern, 'token');
    publicPrefixes.push(pattern.slice(0, pattern.indexOf(':')));
  });

  // The credential is in the URL: the page and its calls send no referrer anywhere, are kept by no
  // cache, and are not for search engines.
  const isPublic = (request: FastifyRequest) => request.routeOptions.config?.publicRoute === true || publicPrefixes.some((prefix) => request.url.startsWith(prefix));
  app.addHook('onSend', async (request, reply) => {
    if (!isPublic(request)) return;
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
});

function publicRouteConfig(route: RouteOptions): NonNullable<RouteOptions['config']> {
  const config = route.config ?? {};
  return { ...config, publicRoute: true, rateLimit: config.rateLimit ?? publicRateLimit, credentialParam: config.credentialParam ?? 'token' };
}
