import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Issue 30: opening a PGlite copy of a template cost each API test file ≈ 0.7 s of CPU (the
 * engine's start in WebAssembly and the unpacked data directory), a third of `npm test`'s CPU.
 * A worker (isolate: false) now keeps the engines its files closed and hands the next file one
 * put back exactly as the template left it:
 * - the data: every table emptied and refilled from the copy taken when the engine opened,
 *   sequences set back, with triggers and foreign keys off while refilling (nothing fires twice);
 * - the session: ROLLBACK and DISCARD ALL (prepared statements, LISTENs, settings, temp tables,
 *   advisory locks go, as on a new connection);
 * - the schema: an event trigger marks the engine on any DDL a file ran (a migration test, a
 *   trigger switched off): such an engine is closed, never reused, as is one whose reset failed.
 * A file sees the same starting point as a fresh copy; what it cannot see is how many files the
 * engine served before (nothing in the app or a test reads that).
 */
const idle = new Map<string, PGlite[]>();

/** An engine holding `tarball`'s database: a reset one from the pool, or a new one. */
export async function takeEngine(tarballPath: string, readTarball: () => Promise<Buffer<ArrayBuffer>>): Promise<PGlite> {
  const reused = idle.get(tarballPath)?.pop();
  if (reused) return reused;
  const client = await PGlite.create({ loadDataDir: new Blob([await readTarball()]), extensions: { pg_trgm } });
  await client.exec(snapshotSql);
  countListeners(client);
  return client;
}

/** Puts a file's engine back for the next file, or closes it when it cannot be made as new. */
export async function returnEngine(tarballPath: string, client: PGlite): Promise<void> {
  if (client.closed) return;
  try {
    // A LISTEN the file's app left: DISCARD ALL ends it in the engine, but PGlite would still
    // hold the callback and skip the next app's LISTEN on that channel.
    if (listening.get(client)) throw new Error('a listener was left');
    await client.exec('ROLLBACK');
    await client.exec('DISCARD ALL');
    const state = await client.query<{ ddl: boolean }>('SELECT ddl FROM test_pool.state');
    if (state.rows[0]?.ddl !== false) throw new Error('DDL ran: not reusable');
    await client.exec('SELECT test_pool.reset()');
  } catch {
    await client.close().catch(() => {});
    return;
  }
  const list = idle.get(tarballPath) ?? [];
  list.push(client);
  idle.set(tarballPath, list);
}

const listening = new WeakMap<PGlite, number>();

/** Keeps count of the engine's open listens (PGlite keeps its own list private). */
function countListeners(client: PGlite) {
  const listen = client.listen.bind(client);
  client.listen = async (...args: Parameters<PGlite['listen']>) => {
    const unlisten = await listen(...args);
    listening.set(client, (listening.get(client) ?? 0) + 1);
    let open = true;
    return async (...more: Parameters<typeof unlisten>) => {
      if (open) listening.set(client, (listening.get(client) ?? 1) - 1);
      open = false;
      return unlisten(...more);
    };
  };
}

/**
 * Run once per engine, after it opens: a copy of every table's rows and every sequence's value
 * in schema test_pool, the reset function, and the DDL watch. The app's tables are those of the
 * schemas that are not PostgreSQL's own; `test_pool` is skipped by name.
 */
const snapshotSql = `
CREATE SCHEMA test_pool;
CREATE TABLE test_pool.state (ddl boolean NOT NULL);
INSERT INTO test_pool.state VALUES (false);
CREATE TABLE test_pool.tables AS
  SELECT c.oid::regclass AS rel, 'test_pool.t' || c.oid AS copy,
         (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
           WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast', 'test_pool') AND n.nspname NOT LIKE 'pg_temp%';
CREATE TABLE test_pool.sequences AS
  SELECT c.oid::regclass AS seq, 0::bigint AS last_value, false AS is_called
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'S' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'test_pool');
DO $$
DECLARE t record; s record; v bigint; called boolean;
BEGIN
  FOR t IN SELECT * FROM test_pool.tables LOOP
    EXECUTE format('CREATE TABLE %s AS SELECT %s FROM %s', t.copy, t.columns, t.rel);
  END LOOP;
  FOR s IN SELECT * FROM test_pool.sequences LOOP
    EXECUTE format('SELECT last_value, is_called FROM %s', s.seq) INTO v, called;
    UPDATE test_pool.sequences SET last_value = v, is_called = called WHERE seq = s.seq;
  END LOOP;
END $$;
CREATE FUNCTION test_pool.reset() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record; s record; list text;
BEGIN
  SELECT string_agg(rel::text, ', ') INTO list FROM test_pool.tables;
  IF list IS NOT NULL THEN EXECUTE 'TRUNCATE ' || list; END IF;
  SET LOCAL session_replication_role = replica;
  FOR t IN SELECT * FROM test_pool.tables LOOP
    EXECUTE format('INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM %s', t.rel, t.columns, t.columns, t.copy);
  END LOOP;
  FOR s IN SELECT * FROM test_pool.sequences LOOP
    PERFORM setval(s.seq, s.last_value, s.is_called);
  END LOOP;
END $$;
CREATE FUNCTION test_pool.mark_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE test_pool.state SET ddl = true; END $$;
CREATE EVENT TRIGGER test_pool_ddl ON ddl_command_end EXECUTE FUNCTION test_pool.mark_ddl();
CREATE EVENT TRIGGER test_pool_drop ON sql_drop EXECUTE FUNCTION test_pool.mark_ddl();
`;
