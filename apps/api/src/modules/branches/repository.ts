import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { addressInputSchema, Branch, IfMatch, PaperSize, RecordStatus, SignatureMethod, SigningOrder } from '@portal/domain';
import type { Executor } from '../../db/client';
import { versionCondition } from '../../db/record-versions';
import { addresses, branches, users } from '../../db/schema/index';

const managers = alias(users, 'managers');

const branchColumns = {
  id: branches.id,
  name: branches.name,
  phone: branches.phone,
  email: branches.email,
  manager: branches.managerId,
  managerName: managers.firstName,
  code: branches.code,
  expiryNoticeDays: branches.expiryNoticeDays,
  paperSize: branches.paperSize,
  signatureMethodLease: branches.signatureMethodLease,
  signatureMethodPolicy: branches.signatureMethodPolicy,
  signatureMethodPromissoryNotes: branches.signatureMethodPromissoryNotes,
  signingOrder: branches.signingOrder,
  signingRoundDays: branches.signingRoundDays,
  signingReminderMax: branches.signingReminderMax,
  retainRejectedDocumentsMonths: branches.retainRejectedDocumentsMonths,
  retainEndedPolicyDocumentsYears: branches.retainEndedPolicyDocumentsYears,
  retainClosedClaimsYears: branches.retainClosedClaimsYears,
  rentReminderDays: branches.rentReminderDays,
  maxRentIncreasePercent: branches.maxRentIncreasePercent,
  maxRentIncreaseSource: branches.maxRentIncreaseSource,
  requireFeeBeforeContracts: branches.requireFeeBeforeContracts,
  commissionPercent: branches.commissionPercent,
  status: branches.status,
  createdAt: branches.createdAt,
  updatedAt: branches.updatedAt,
  version: branches.version,
  address: {
    id: addresses.id,
    street: addresses.street,
    exteriorNumber: addresses.exteriorNumber,
    interiorNumber: addresses.interiorNumber,
    colony: addresses.colony,
    municipality: addresses.municipality,
    state: addresses.state,
    zipCode: addresses.zipCode,
  },
};

type BranchRow = Omit<Branch, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

function toBranch(row: BranchRow): Branch {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function selectBranches(db: Executor) {
  return db
    .select(branchColumns)
    .from(branches)
    .innerJoin(addresses, eq(addresses.id, branches.addressId))
    .leftJoin(managers, eq(managers.id, branches.managerId));
}

export async function listBranches(db: Executor): Promise<Branch[]> {
  const rows = await selectBranches(db).orderBy(asc(branches.name));
  return rows.map(toBranch);
}

export async function findBranch(db: Executor, id: number): Promise<Branch | null> {
  const [row] = await selectBranches(db).where(eq(branches.id, id));
  return row ? toBranch(row) : null;
}

export async function branchExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
  return !!row;
}

export interface BranchValues {
  name: string;
  phone: string;
  email: string;
  managerId: number | null;
  status: RecordStatus;
  code: string;
  expiryNoticeDays: number;
  paperSize: PaperSize;
  /** Issue 35. */
  signatureMethodLease: SignatureMethod;
  signatureMethodPolicy: SignatureMethod;
  signatureMethodPromissoryNotes: SignatureMethod;
  signingOrder: SigningOrder;
  signingRoundDays: number;
  signingReminderMax: number;
  /** null: never delete (issue 19). */
  retainRejectedDocumentsMonths: number | null;
  retainEndedPolicyDocumentsYears: number | null;
  /** Issue 33: null, closed cases are never anonymised. */
  retainClosedClaimsYears: number | null;
  /** Issue 32: null, no reminders / no cap. */
  rentReminderDays: number | null;
  maxRentIncreasePercent: number | null;
  maxRentIncreaseSource: string;
  /** Issue 34. */
  requireFeeBeforeContracts: boolean;
  commissionPercent: string;
}

/**
 * A new branch's code when the admin gives none: 'SUC' and the next id, as migration 0012 coded
 * the existing branches. Computed in the INSERT; should an admin already have taken it, the
 * unique index answers and the service asks for a code (409).
 */
const defaultBranchCode = sql<string>`(select 'SUC' || lpad((coalesce(max(id), 0) + 1)::text, 3, '0') from branches)`;

export async function insertBranch(
  db: Executor,
  values: Omit<BranchValues, 'code'> & { code?: string | undefined },
  address: AddressValues,
): Promise<number> {
  const [addressRow] = await db.insert(addresses).values(address).returning({ id: addresses.id });
  const [row] = await db
    .insert(branches)
    .values({ ...values, code: values.code ?? defaultBranchCode, addressId: addressRow!.id })
    .returning({ id: branches.id });
  return row!.id;
}

export type AddressValues = z.output<typeof addressInputSchema>;

/** With If-Match, only the version the form was loaded at is written (false otherwise, decision 023). */
export async function updateBranch(db: Executor, id: number, values: Partial<BranchValues> & { updatedBy?: number }, address?: AddressValues, ifMatch?: IfMatch) {
  const now = new Date();
  const [row] = await db
    .update(branches)
    .set({ ...values, updatedAt: now })
    .where(and(eq(branches.id, id), versionCondition(branches.version, ifMatch)))
    .returning({ addressId: branches.addressId });
  if (row && address) await db.update(addresses).set({ ...address, updatedAt: now }).where(eq(addresses.id, row.addressId));
  return !!row;
}

/** The manager's role and status, to check that a branch is given a real, active manager. */
export async function findManagerCandidate(db: Executor, userId: number) {
  const [row] = await db.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

// --- the branch's manager, kept in step with the users' roles (issue 29) -------------------------

/** A user as far as being a branch's manager goes. */
export interface ManagerStanding {
  id: number;
  role: string;
  status: string;
  branchId: number | null;
}

const isActiveManagerOf = (user: ManagerStanding, branchId: number | null) => user.role === 'manager' && user.status === 'active' && user.branchId === branchId;

/**
 * One source of truth for 'Gerente' on the branch card (issue 29): a user who becomes the active
 * manager of a branch without one becomes its manager; one who stops being it (another role,
 * another branch, deactivated) hands it to the branch's next active manager, or leaves it empty.
 * Runs in the transaction that changed the user.
 */
export async function keepBranchManagerInStep(db: Executor, user: ManagerStanding, before: ManagerStanding | null): Promise<void> {
  if (before && before.branchId !== null && isActiveManagerOf(before, before.branchId) && !isActiveManagerOf(user, before.branchId)) {
    await db
      .update(branches)
      .set({
        managerId: sql`(select ${users.id} from ${users} where ${users.branchId} = ${before.branchId} and ${users.role} = 'manager' and ${users.status} = 'active' and ${users.id} <> ${user.id} order by ${users.id} limit 1)`,
      })
      .where(and(eq(branches.id, before.branchId), eq(branches.managerId, user.id)));
  }
  if (user.branchId !== null && isActiveManagerOf(user, user.branchId)) {
    await db
      .update(branches)
      .set({ managerId: user.id })
      .where(and(eq(branches.id, user.branchId), isNull(branches.managerId)));
  }
}
