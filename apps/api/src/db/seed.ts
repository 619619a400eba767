import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { addresses, branches, users } from './schema/index';
import { hashPassword } from '../lib/passwords';

export const DEFAULT_ADMIN_EMAIL = 'admin@portal.local';

/** The spec's three Mexico City branches. */
const seedBranches = [
  {
    name: 'Sucursal Polanco',
    code: 'POL',
    phone: '55 5280 1000',
    email: 'polanco@portal.local',
    address: { street: 'Av. Presidente Masaryk', exteriorNumber: '111', interiorNumber: '', colony: 'Polanco V Sección', municipality: 'Miguel Hidalgo', state: 'Ciudad de México', zipCode: '11560' },
  },
  {
    name: 'Sucursal Santa Fe',
    code: 'STF',
    phone: '55 5292 2000',
    email: 'santafe@portal.local',
    address: { street: 'Av. Vasco de Quiroga', exteriorNumber: '3800', interiorNumber: '', colony: 'Santa Fe Cuajimalpa', municipality: 'Cuajimalpa de Morelos', state: 'Ciudad de México', zipCode: '05348' },
  },
  {
    name: 'Sucursal Del Valle',
    code: 'DVA',
    phone: '55 5543 3000',
    email: 'delvalle@portal.local',
    address: { street: 'Av. Insurgentes Sur', exteriorNumber: '1235', interiorNumber: '', colony: 'Del Valle Centro', municipality: 'Benito Juárez', state: 'Ciudad de México', zipCode: '03100' },
  },
] as const;

export interface SeedResult {
  seeded: boolean;
  adminEmail?: string;
  /** Set only when the password was generated here: the caller shows it once. */
  generatedPassword?: string;
}

/**
 * First start on an empty database: the three branches and one admin in Sucursal Polanco, in
 * one transaction. A database that already has users is left alone.
 */
export async function seedIfEmpty(db: Db, admin: { email?: string | undefined; password?: string | undefined }): Promise<SeedResult> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return { seeded: false };

  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = admin.password ? undefined : crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);

  await db.transaction(async (tx) => {
    const [{ branchCount } = { branchCount: 0 }] = await tx.select({ branchCount: sql<number>`count(*)::int` }).from(branches);
    let polancoId: number | undefined;
    if (branchCount === 0) {
      for (const branch of seedBranches) {
        const [address] = await tx.insert(addresses).values(branch.address).returning({ id: addresses.id });
        const [row] = await tx
          .insert(branches)
          .values({ name: branch.name, code: branch.code, phone: branch.phone, email: branch.email, addressId: address!.id })
          .returning({ id: branches.id });
        polancoId ??= row!.id;
      }
    } else {
      const [first] = await tx.select({ id: branches.id }).from(branches).orderBy(branches.id).limit(1);
      polancoId = first!.id;
    }
    await tx.insert(users).values({
      email,
      firstName: 'Administrador',
      lastName: 'General',
      role: 'admin',
      branchId: polancoId!,
      passwordHash,
    });
  });
  return { seeded: true, adminEmail: email, ...(generatedPassword ? { generatedPassword } : {}) };
}
