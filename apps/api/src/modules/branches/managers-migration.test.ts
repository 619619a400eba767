import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiRoot } from '../../api-root';
import { branches } from '../../db/schema/index';
import { createTestContext, insertBranch, insertUser, type TestContext } from '../../test/app';

/** Migration 0031 (issue 29): the branch card's 'Gerente' from the users who are its managers. */
let ctx: TestContext;
const migration = fs.readFileSync(path.join(apiRoot, 'drizzle', '0031_branch_managers_in_step.sql'), 'utf8');

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const managerOf = async (id: number) => (await ctx.testDb.database.db.select({ managerId: branches.managerId }).from(branches).where(eq(branches.id, id)))[0]!.managerId;

describe('migration 0031: branch managers in step with the users', () => {
  it('gives a branch without one its first active manager, replaces one who no longer manages it, keeps a right one', async () => {
    const [empty, stale, right] = [await insertBranch(ctx), await insertBranch(ctx), await insertBranch(ctx)];
    await insertUser(ctx, { role: 'manager', branchId: empty, status: 'inactive' });
    const carmen = await insertUser(ctx, { role: 'manager', branchId: empty });
    const formerManager = await insertUser(ctx, { role: 'agent', branchId: stale });
    const rightManager = await insertUser(ctx, { role: 'manager', branchId: right });
    const other = await insertUser(ctx, { role: 'manager', branchId: right });
    const db = ctx.testDb.database.db;
    await db.update(branches).set({ managerId: formerManager.id }).where(eq(branches.id, stale));
    await db.update(branches).set({ managerId: other.id }).where(eq(branches.id, right));

    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    expect(await managerOf(empty)).toBe(carmen.id);
    expect(await managerOf(stale)).toBeNull();
    expect([rightManager.id, other.id]).toContain(await managerOf(right));
    expect(await managerOf(right)).toBe(other.id);
  });
});
