import { hashPassword } from '../lib/passwords';

/** The admin every seeded test database has (branch 1, Sucursal Polanco). */
export const ADMIN = { email: 'admin@test.mx', password: 'Admin-Secreta-1' } as const;

/** The password insertUser gives a fixture user unless told otherwise. */
export const DEFAULT_PASSWORD = 'Password-123';

const hashes = new Map<string, Promise<string>>();

/**
 * The argon2id hash of a fixture password, computed once per process (≈ 90 ms each) and reused:
 * a hash is valid in every database, and each test file used to pay for it per user it made.
 * Production hashing (lib/passwords) is untouched: the same function, the same parameters.
 */
export function fixturePasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    // A failed hash is not remembered: the next call tries again.
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}
