import type { Database } from '../../db/client';
import type { JsonText } from '../../lib/json-text';
import { NotifiedCache } from '../../lib/notified-cache';

/**
 * The policy search's answers, as the JSON written to the client (and its compressed forms, made
 * when first asked for), kept per app instance for a few
 * seconds (issue 13; SEARCH_CACHE_SECONDS, 5 by default). Staff of a branch mostly look at the
 * same pages — the list's first page, a status filter — so under load most searches are served
 * without a round trip; the throughput bench measures that path and the one with no cache.
 *
 * A page is never older than the last change to what it shows:
 * - any statement on `policies` or `guarantors` sends `NOTIFY policies_changed` at COMMIT
 *   (migration 0009), and every instance listening drops all its pages when it arrives;
 * - a write request on this instance drops them before its answer is sent (app.ts), so the
 *   writer's next search never races its own notification;
 * - a page read while a change was committed is not stored (NotifiedCache's generation);
 * - while the listening connection is down nothing is served or stored.
 */

/** Pages are 10–60 KB; past this the cache starts over rather than grow. */
const MAX_BYTES = 16 * 1024 * 1024;
const CHANNEL = 'policies_changed';

export interface SearchPages {
  /** The page under `key`, fresh from the cache or from `search` (then kept). */
  read(key: string, search: () => Promise<JsonText>): Promise<JsonText>;
  /** Drops every page: something they show was written. */
  clear(): void;
  stop(): Promise<void>;
}

/** `ttlMs` is the config's SEARCH_CACHE_SECONDS; 0 keeps nothing (every search reads the database). */
export async function startSearchPages(database: Database, ttlMs: number): Promise<SearchPages> {
  if (ttlMs <= 0) return { read: (_key, search) => search(), clear: () => {}, stop: async () => {} };
  // Sized by the JSON; its compressed forms are a fifth of it at most.
  const cache = new NotifiedCache<string, JsonText>(ttlMs, MAX_BYTES, (page) => page.json.length);
  const stop = await database.listen(CHANNEL, {
    onNotify: () => cache.clear(),
    onState: (listening) => cache.setListening(listening),
  });
  return { read: (key, search) => cache.read(key, search), clear: () => cache.clear(), stop };
}
