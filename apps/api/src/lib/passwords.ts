import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters (19 MiB, 2 passes): about 90 ms a hash here.
// `2` is Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID_OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('portal-de-polizas-dummy-password');
  await verifyPassword(await dummyHash, password);
}
