import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from './client';
import { countHit } from './rate-limit-hits';

/**
 * A store for @fastify/rate-limit in the portal's database (issue 19), so a limit of 60 calls a
 * minute is 60 for the whole deployment, not 60 per instance. Each route counts apart (its method
 * and URL prefix the key, as the library's Redis store does).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: unknown; url?: unknown; routeInfo?: { method?: unknown; url?: unknown } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new PostgresRateLimitStore(undefined, `${String(route.method ?? '')} ${String(route.url ?? '')} `);
    }
  }
  return PostgresRateLimitStore;
}
