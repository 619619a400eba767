import type { Database, Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';

/** A user's row and the ids of their open sessions (issue 19: an ended session ends its access tokens). */
export type UserWithSessions = AuthUser & { sessionIds: readonly string[] };
import { NotifiedCache } from '../../lib/notified-cache';

/**
 * The signed-in users' rows, kept per database handle for a few seconds (issue 13): most requests
 * then make no round trip to learn who is calling. Decision 002's promise still holds — a
 * deactivated user, or a role or branch change, counts from the next request — because every
 * UPDATE or DELETE of `users` sends `NOTIFY users_changed, '<id>'` at COMMIT (migration 0008) and
 * every instance listening forgets that user when it arrives. The instance that made the change
 * through the API forgets it at once and answers only once its own listener has heard the
 * notification too (`expectUserChange`, at most a second): every other listener was signalled at
 * the same COMMIT, so the user is forgotten there as well within moments of the answer — usually
 * before the client's next request, though on a loaded machine another instance's delivery can
 * trail it by a few milliseconds. While the listening
 * connection is down nothing is served from the cache (a notification may have been missed), and
 * when it comes back the whole cache is dropped.
 */

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'users_changed';

/** The users' rows, plus who is waiting to hear of a change to one (`expectUserChange`). */
class UserCache extends NotifiedCache<number, UserWithSessions | null> {
  owners = 1;
  stop: () => Promise<void> = async () => {};
  private readonly waiters = new Map<number, Array<() => void>>();
  /** Waits that ran out their time: the change's notification never came back to this instance. */
  waitsTimedOut = 0;

  constructor() {
    super(TTL_MS, MAX_ENTRIES);
  }

  /** Drops the cached row only: the waiters wait on for the notification itself. */
  dropEntry(userId: number) {
    super.forget(userId);
  }

  /** A notification about `userId` came: the row goes and whoever waited to hear it is told. */
  override forget(userId: number) {
    super.forget(userId);
    const waiting = this.waiters.get(userId);
    this.waiters.delete(userId);
    for (const resolve of waiting ?? []) resolve();
  }

  /** Resolves when the notification for `userId` arrives (or after `ms`, or at once when not listening). */
  heard(userId: number, ms: number): Promise<void> {
    if (!this.isListening) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waitsTimedOut++;
        done();
      }, ms);
      const list = this.waiters.get(userId) ?? [];
      list.push(done);
      this.waiters.set(userId, list);
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  override clear() {
    super.clear();
    const waiting = [...this.waiters.values()].flat();
    this.waiters.clear();
    for (const resolve of waiting) resolve();
  }
}

const caches = new WeakMap<Db, UserCache>();

/**
 * Starts the cache of `database` (app.ts, once per app; instances sharing one handle share it).
 * Resolves to the function that stops it, for the app's onClose.
 */
export async function startUserCache(database: Database): Promise<() => Promise<void>> {
  const existing = caches.get(database.db);
  const cache = existing ?? new UserCache();
  if (existing) {
    existing.owners++;
  } else {
    caches.set(database.db, cache);
    cache.stop = await database.listen(CHANNEL, {
      onNotify(payload) {
        const id = Number(payload);
        if (Number.isInteger(id)) cache.forget(id);
        else cache.clear();
      },
      onState: (listening) => cache.setListening(listening),
    });
  }
  return async () => {
    if (--cache.owners > 0) return;
    caches.delete(database.db);
    await cache.stop();
  };
}

/**
 * The user behind `userId` as `lookup` reads it, from the cache while it is fresh; `reload` skips
 * the cached value (a session opened after it was read) and stores the new one.
 */
export function cachedUser(
  db: Db,
  userId: number,
  lookup: () => Promise<UserWithSessions | null>,
  reload = false,
): Promise<UserWithSessions | null> {
  const cache = caches.get(db);
  if (!cache) return lookup();
  return reload ? cache.load(userId, lookup) : cache.read(userId, lookup);
}

/**
 * Call before a transaction that changes a user, and `await` what it returns once the transaction
 * has committed: this instance then forgets the user, and the wait ends when the change's
 * notification has come back to this instance's listener (so it has reached the others' too).
 * The listening starts before the commit because the notification may arrive before the commit
 * returns (PGlite delivers it first); a wait begun after would always run out its second. After a
 * failed transaction just drop the returned function: nothing was changed, nothing is awaited.
 */
/** How many of `db`'s waits for a user change's notification ran out their second (0 while NOTIFY works). */
export function userChangeWaitsTimedOut(db: Db): number {
  return caches.get(db)?.waitsTimedOut ?? 0;
}

export function expectUserChange(db: Db, userId: number): () => Promise<void> {
  const cache = caches.get(db);
  if (!cache) return async () => {};
  const heard = cache.heard(userId, 1_000);
  return async () => {
    // Not forget(): that would end the wait at once, before the notification has gone round.
    cache.dropEntry(userId);
    await heard;
  };
}
