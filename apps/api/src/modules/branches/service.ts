import type { z } from 'zod';
import type { Branch, createBranchRequestSchema, IfMatch, RecordStatus, updateBranchRequestSchema } from '@portal/domain';
import type { Db } from '../../db/client';
import { staleVersionError } from '../../db/record-versions';
import { conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import * as repo from './repository';

type CreateBranch = z.output<typeof createBranchRequestSchema>;
type UpdateBranch = z.output<typeof updateBranchRequestSchema>;

const branchMessages = {
  notFound: 'Sucursal no encontrada',
  nameTaken: 'Ya existe una sucursal con ese nombre',
  codeTaken: 'Ya existe una sucursal con esa clave',
  invalidManager: 'El gerente debe ser un usuario activo con rol Gerente',
} as const;

export async function getBranch(db: Db, id: number): Promise<Branch> {
  return ensure(await repo.findBranch(db, id), notFound(branchMessages.notFound));
}

export async function createBranch(db: Db, input: CreateBranch): Promise<Branch> {
  await assertValidManager(db, input.manager);
  const { address, manager, ...values } = input;
  const id = await withNameCheck(() =>
    db.transaction((tx) => repo.insertBranch(tx, { ...values, managerId: manager }, address)),
  );
  return getBranch(db, id);
}

/** With `ifMatch` (the form's If-Match) only the version the form was loaded at is written (412 otherwise, decision 023). */
export async function updateBranch(db: Db, actorId: number, id: number, input: UpdateBranch, ifMatch?: IfMatch): Promise<Branch> {
  const existing = await getBranch(db, id);
  // Keeping a manager who has since changed role is allowed; choosing a new one is checked.
  if (input.manager !== existing.manager) await assertValidManager(db, input.manager);
  const { address, manager, ...values } = input;
  await withNameCheck(() =>
    db.transaction(async (tx) => {
      const written = await repo.updateBranch(tx, id, { ...values, managerId: manager, updatedBy: actorId }, address, ifMatch);
      if (!written) throw await staleVersionError(tx, 'branches', id);
    }),
  );
  return getBranch(db, id);
}

export async function changeBranchStatus(db: Db, actorId: number, id: number, status: RecordStatus): Promise<Branch> {
  await getBranch(db, id);
  await repo.updateBranch(db, id, { status, updatedBy: actorId });
  return getBranch(db, id);
}

async function assertValidManager(db: Db, managerId: number | null) {
  if (managerId === null) return;
  const candidate = await repo.findManagerCandidate(db, managerId);
  if (candidate?.role !== 'manager' || candidate.status !== 'active') {
    throw invalidField('manager', branchMessages.invalidManager);
  }
}

async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'branches_name_key')) {
      throw conflict(branchMessages.nameTaken, [{ field: 'name', message: branchMessages.nameTaken }]);
    }
    if (isUniqueViolation(error, 'branches_code_key')) {
      throw conflict(branchMessages.codeTaken, [{ field: 'code', message: branchMessages.codeTaken }]);
    }
    throw error;
  }
}
