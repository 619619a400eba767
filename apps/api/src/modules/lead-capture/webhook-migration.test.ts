import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoot } from '../../api-root';
import { rowsOf } from '../../db/client';
import { isUniqueViolation } from '../../lib/app-error';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/**
 * Migration 0023 (issue 28): messages a gateway delivered twice before the unique index existed
 * are folded into one, so the index can be built. Run on the newest schema with the old state put
 * back (no index, no key column), as the migrator would run it.
 */
let testDb: TestDatabase;
const migration = fs.readFileSync(path.join(apiRoot, 'drizzle', '0023_whatsapp_webhook_signatures.sql'), 'utf8');

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;

async function insertLead(branchId: number): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db().execute(sql`INSERT INTO leads (branch_id, name, status) VALUES (${branchId}, 'Lead viejo', 'cotizacion') RETURNING id`));
  return Number(row!.id);
}

async function insertMessage(leadId: number, branchId: number, direction: 'in' | 'out', gatewayId: string, body: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db().execute(sql`INSERT INTO whatsapp_messages (lead_id, branch_id, direction, phone, body, status, gateway_message_id)
      VALUES (${leadId}, ${branchId}, ${direction}, '+525590004000', ${body}, ${direction === 'in' ? 'received' : 'sent'}, ${gatewayId}) RETURNING id`),
  );
  return Number(row!.id);
}

describe('migration 0023: a gateway message id once per branch', () => {
  it('keeps the first of each repeated delivery, leaves sent messages, empty ids and other branches alone, then enforces it', async () => {
    await db().execute(sql.raw('DROP INDEX whatsapp_messages_inbound_gateway_id_key'));
    await db().execute(sql.raw('ALTER TABLE whatsapp_gateways DROP COLUMN webhook_secret'));
    const [lead1, lead2] = [await insertLead(1), await insertLead(2)];
    const first = await insertMessage(lead1, 1, 'in', 'EVO-A', 'Hola');
    await insertMessage(lead1, 1, 'in', 'EVO-A', 'Hola');
    await insertMessage(lead1, 1, 'in', 'EVO-A', 'Hola');
    const differentFirst = await insertMessage(lead1, 1, 'in', 'EVO-B', 'Uno');
    const differentSecond = await insertMessage(lead1, 1, 'in', 'EVO-B', 'Otro');
    const sent = [await insertMessage(lead1, 1, 'out', 'EVO-A', 'Respuesta'), await insertMessage(lead1, 1, 'out', 'EVO-A', 'Respuesta')];
    const noId = [await insertMessage(lead1, 1, 'in', '', 'Sin id'), await insertMessage(lead1, 1, 'in', '', 'Sin id')];
    const otherBranch = await insertMessage(lead2, 2, 'in', 'EVO-A', 'Hola');

    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const rows = rowsOf<{ id: number; gateway_message_id: string }>(await db().execute(sql`SELECT id, gateway_message_id FROM whatsapp_messages ORDER BY id`));
    expect(rows.map((row) => [Number(row.id), row.gateway_message_id])).toEqual([
      [first, 'EVO-A'],
      [differentFirst, 'EVO-B'],
      [differentSecond, ''],
      [sent[0], 'EVO-A'],
      [sent[1], 'EVO-A'],
      [noId[0], ''],
      [noId[1], ''],
      [otherBranch, 'EVO-A'],
    ]);
    await expect(db().execute(sql`SELECT webhook_secret FROM whatsapp_gateways`)).resolves.toBeDefined();
    const repeat = await insertMessage(lead1, 1, 'in', 'EVO-A', 'Hola').catch((error: unknown) => error);
    expect(isUniqueViolation(repeat, 'whatsapp_messages_inbound_gateway_id_key')).toBe(true);
  });
});
