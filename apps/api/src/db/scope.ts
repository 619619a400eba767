import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BranchScope } from '../lib/branch-scope';

/** A BranchScope as SQL on a table's branch column: no condition for "all branches". */
export function inBranchScope(branchColumn: PgColumn, scope: BranchScope): SQL | undefined {
  return scope.branchId === undefined ? undefined : eq(branchColumn, scope.branchId);
}
