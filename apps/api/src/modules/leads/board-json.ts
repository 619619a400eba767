import { sql } from 'drizzle-orm';
import { apiKeyMask, type LeadSource } from '@portal/domain';
import type { Executor } from '../../db/client';
import { leads } from '../../db/schema/index';

/**
 * GET /api/leads — the branch's board — as the JSON text PostgreSQL builds in one statement
 * (issue 30). Built in Node it took three statements on three pool checkouts (the leads; their
 * notes and owners' names side by side), drizzle mapped every column of every row, each lead
 * became an object and zod passed over the array: 6–8 ms of the server's CPU at a few hundred
 * leads, and under load each checkout is another wait in the pool's queue.
 *
 * The text is byte for byte what the route's serializer wrote (`JSON.stringify` of
 * `leadSchema[]`): `row_to_json` writes compact JSON with the keys in the select list's order —
 * the schema's — and the arrays are joined with ',' (json_agg would write ', '). What depends on
 * the caller is a parameter: the key's mask (browsers never see a stored key, issue 20) and each
 * note's `canEdit` (managers and admins, or the note's author). board-json.test.ts compares this
 * text with the objects' serialization for notes with quotes, emoji, control characters, authors
 * gone, outside labels and leads without owner.
 */

/** The instant as `Date.toISOString()` writes it (the columns keep milliseconds). */
const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** 'Nombre Apellido' as the service writes a user's name (`${first} ${last}`.trim()); null without a user. */
const userName = (alias: string) => `btrim(${alias}.first_name || ' ' || ${alias}.last_name)`;

function prepareBoardJson(db: Executor) {
  const canEdit = sql`(${sql.placeholder('manager')}::boolean OR coalesce(n.author_id = ${sql.placeholder('actorId')}::int, false))`;
  const notes = sql`SELECT
      '[' || string_agg(to_json(n.body)::text, ',' ORDER BY n.created_at, n.id) || ']' AS bodies,
      '[' || string_agg((SELECT row_to_json(s)::text FROM (SELECT n.id AS "id", n.body AS "body", n.author_id AS "author",
        CASE WHEN n.author_label <> '' THEN n.author_label ELSE btrim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) END AS "authorName",
        ${sql.raw(isoInstant('n.created_at'))} AS "createdAt", ${sql.raw(isoInstant('n.updated_at'))} AS "updatedAt",
        ${canEdit} AS "canEdit") s), ',' ORDER BY n.created_at, n.id) || ']' AS list
    FROM lead_notes n LEFT JOIN users a ON a.id = n.author_id
    WHERE n.lead_id = l.id`;
  const lead = sql`SELECT l.id AS "id", l.name AS "name", l.phone AS "phone", l.phonewhats AS "phonewhats", l.email AS "email",
      l.source AS "source", l.server AS "server", CASE WHEN l.apikey <> '' THEN ${apiKeyMask} ELSE '' END AS "apikey",
      l.gateway_kind AS "gatewayKind", l.gateway_instance AS "gatewayInstance", coalesce(ln.bodies, '') AS "notes",
      l.status AS "status", ${sql.raw(isoInstant('l.created_at'))} AS "createdAt", l.owner_id AS "ownerId",
      coalesce(${sql.raw(userName('o'))}, '') AS "ownerName", l.follow_up_date AS "followUpDate", l.policy_id AS "policyId",
      coalesce(ln.list, '[]')::json AS "noteList", l.version AS "version"`;
  return db
    .select({ json: sql<string>`'[' || coalesce(string_agg((SELECT row_to_json(j)::text FROM (${lead}) j), ',' ORDER BY l.created_at DESC, l.id DESC), '') || ']'` })
    .from(sql`${leads} l LEFT JOIN users o ON o.id = l.owner_id LEFT JOIN LATERAL (${notes}) ln ON true`)
    .where(
      sql`l.branch_id = ${sql.placeholder('branchId')}::int
        AND (${sql.placeholder('ownerId')}::int IS NULL OR l.owner_id = ${sql.placeholder('ownerId')}::int)
        AND (${sql.placeholder('source')}::text IS NULL OR l.source = ${sql.placeholder('source')}::text)`,
    )
    .prepare('lead_board_json');
}

const statements = new WeakMap<Executor, ReturnType<typeof prepareBoardJson>>();

export interface BoardJsonQuery {
  branchId: number;
  ownerId: number | undefined;
  source: LeadSource | undefined;
  actorId: number;
  /** Managers and admins may edit every note. */
  manager: boolean;
}

/** The board's leads, newest first, as the API's JSON array. */
export async function loadBoardJson(db: Executor, query: BoardJsonQuery): Promise<string> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepareBoardJson(db)));
  const [row] = await statement.execute({ ...query, ownerId: query.ownerId ?? null, source: query.source ?? null });
  return row!.json;
}
