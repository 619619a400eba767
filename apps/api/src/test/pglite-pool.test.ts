import { inject, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { returnEngine, takeEngine } from './pglite-pool';

/** The pool is what every API file on PGlite starts from: a reused engine must be a fresh copy. */
const templates = inject('databaseTemplates');

describe.runIf(templates?.kind === 'pglite')('the PGlite engines reused between test files', () => {
  const file = templates?.kind === 'pglite' ? templates.files.seeded : '';
  const open = () => takeEngine(file, () => fs.readFile(file));
  const count = async (engine: Awaited<ReturnType<typeof open>>, table: string) => Number((await engine.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  it('hands the next file the template as it was: rows, sequences, session settings', async () => {
    const engine = await open();
    const branchesBefore = await count(engine, 'branches');
    const nextIdBefore = (await engine.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('branches', 'id'))::int AS id`)).rows[0]!.id;
    await engine.exec(`DELETE FROM users; SET TIME ZONE 'Asia/Tokyo'; PREPARE left_behind AS SELECT 1; BEGIN; SELECT 1`);
    await returnEngine(file, engine);

    const next = await open();
    expect(next).toBe(engine);
    expect(await count(next, 'users')).toBeGreaterThan(0);
    expect(await count(next, 'branches')).toBe(branchesBefore);
    expect((await next.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('branches', 'id'))::int AS id`)).rows[0]!.id).toBe(nextIdBefore);
    expect((await next.query<{ tz: string }>('SHOW TIME ZONE')).rows[0]!.tz).not.toBe('Asia/Tokyo');
    await next.exec('PREPARE left_behind AS SELECT 1');
    await returnEngine(file, next);
  });

  it('closes an engine whose schema a file changed, and opens a new one', async () => {
    const engine = await open();
    await engine.exec('ALTER TABLE branches ADD COLUMN added_by_a_test text');
    await returnEngine(file, engine);
    expect(engine.closed).toBe(true);
    const next = await open();
    expect(next).not.toBe(engine);
    const columns = await next.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'branches' AND column_name = 'added_by_a_test'`);
    expect(columns.rows).toHaveLength(0);
    await returnEngine(file, next);
  });

  it('closes an engine a file left listening', async () => {
    const engine = await open();
    await engine.listen('left_open', () => {});
    await returnEngine(file, engine);
    expect(engine.closed).toBe(true);
  });
});
