import { hash, type Options } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { users } from '../db/schema/index';

/** The admin every seeded test database has (branch 1, Sucursal Polanco). */
export const ADMIN = { email: 'admin@test.mx', password: 'Admin-Secreta-1' } as const;

/** The password insertUser gives a fixture user unless told otherwise. */
export const DEFAULT_PASSWORD = 'Password-123';

const hashes = new Map<string, Promise<string>>();

/**
 * Fixture users' hashes are argon2id at a small cost (1 MiB, one pass) instead of production's
 * 19 MiB and two passes (lib/passwords). A check reads its parameters from the stored hash, so
 * signing in as a fixture user runs production's code — the same `verify`, the same route — in
 * ≈ 1 ms instead of ≈ 90 ms of a core; the suite signs in hundreds of times (issue 30). What a
 * user's password is hashed *with* is tested through the API (users, account, the seed), which
 * hashes with production's parameters.
 */
const FIXTURE_ARGON2ID: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The hash of a fixture password, computed once per process and reused: a hash is valid in every database. */
export function fixturePasswordHash(password: string): Promise<string> {
  let passwordHash = hashes.get(password);
  if (!passwordHash) {
    passwordHash = hash(password, FIXTURE_ARGON2ID);
    hashes.set(password, passwordHash);
    // A failed hash is not remembered: the next call tries again.
    passwordHash.catch(() => hashes.delete(password));
  }
  return passwordHash;
}

/** The seed every test database starts from (3 branches, ADMIN), ADMIN's hash a fixture's. */
export async function seedTestDatabase(db: Db): Promise<void> {
  await seedIfEmpty(db, ADMIN);
  await db.update(users).set({ passwordHash: await fixturePasswordHash(ADMIN.password) }).where(eq(users.email, ADMIN.email));
}
