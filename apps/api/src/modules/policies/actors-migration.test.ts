import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoot } from '../../api-root';
import { rowsOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/**
 * Migration 0030 (issue 29): events and notes written before the history named people outside
 * get their actor from what the note already said. Run on the newest schema with old rows put
 * back (labels empty), as the migrator would run it.
 */
let testDb: TestDatabase;
const migration = fs.readFileSync(path.join(apiRoot, 'drizzle', '0030_history_actors.sql'), 'utf8');
const backfill = migration.split('--> statement-breakpoint').slice(2);

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;
const one = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(statement))[0]!;

describe('migration 0030: who acted, for rows written before', () => {
  it('names the person of a link upload and a declined signature, makes the completed signature the system, labels outside leads’ first notes', async () => {
    const { id: policyId } = await one<{ id: number }>(
      sql`INSERT INTO policies (branch_id, user_id, investigation_id, policy_type, status, search_text) VALUES (1, 1, 'INV-01012026-1010-001', 'basica', 'active', '') RETURNING id`,
    );
    const event = (note: string, userId: number | null = null) =>
      one<{ id: number }>(sql`INSERT INTO policy_events (policy_id, user_id, note) VALUES (${policyId}, ${userId}, ${note}) RETURNING id`);
    const upload = await event('Documento subido por enlace (Inquilino: Lucía Gómez): Identificación del inquilino (ine.jpg)');
    const replaced = await event('Documento reemplazado por enlace (Aval: Jorge Ríos): Escrituras (e.pdf)');
    const declined = await event('Firma electrónica rechazada por Ana Pérez: la renta no es la acordada');
    const completed = await event('Firma electrónica completada');
    const staff = await event('Documento subido: Identificación (x.pdf)', 1);
    const { id: webLead } = await one<{ id: number }>(sql`INSERT INTO leads (branch_id, name, status, source) VALUES (1, 'Web', 'cotizacion', 'Sitio Web') RETURNING id`);
    const { id: typedLead } = await one<{ id: number }>(sql`INSERT INTO leads (branch_id, name, status, source, created_by) VALUES (1, 'Typed', 'cotizacion', 'Sitio Web', 1) RETURNING id`);
    const note = (leadId: number, body: string) => one<{ id: number }>(sql`INSERT INTO lead_notes (lead_id, author_id, body) VALUES (${leadId}, NULL, ${body}) RETURNING id`);
    const [webFirst, webSecond, typedFirst] = [await note(webLead, 'Hola'), await note(webLead, 'De un usuario borrado'), await note(typedLead, 'x')];

    for (const statement of backfill) await db().execute(sql.raw(statement));

    const actor = async (id: number) => one<{ actor_label: string; by_system: boolean }>(sql`SELECT actor_label, by_system FROM policy_events WHERE id = ${id}`);
    expect(await actor(upload.id)).toEqual({ actor_label: 'Lucía Gómez (inquilino, por enlace)', by_system: false });
    expect(await actor(replaced.id)).toEqual({ actor_label: 'Jorge Ríos (aval, por enlace)', by_system: false });
    expect(await actor(declined.id)).toEqual({ actor_label: 'Ana Pérez (firmante, por enlace)', by_system: false });
    expect(await actor(completed.id)).toEqual({ actor_label: '', by_system: true });
    expect(await actor(staff.id)).toEqual({ actor_label: '', by_system: false });
    const label = async (id: number) => (await one<{ author_label: string }>(sql`SELECT author_label FROM lead_notes WHERE id = ${id}`)).author_label;
    expect([await label(webFirst.id), await label(webSecond.id), await label(typedFirst.id)]).toEqual(['Formulario web', '', '']);
  });
});
