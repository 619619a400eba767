import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Appointment } from '@portal/domain';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { itRefusesStaleSaves, nameUser, saveHeaders } from '../../test/conditional-writes';

let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let santaFe: { id: number; token: string };
let appointment: Appointment;

const body = (title: string) => ({
  title,
  description: '',
  date: '2026-12-03',
  startTime: '10:00',
  endTime: '11:30',
  location: 'Sucursal Polanco, sala 2',
  type: 'signature',
  attendees: [],
});

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'manager', 1);
  pedro = await signInAs(ctx, 'manager', 1);
  santaFe = await signInAs(ctx, 'manager', 2);
  await nameUser(ctx, maria.id, 'María', 'López');
  const created = await ctx.app.inject({ method: 'POST', url: '/api/appo', headers: bearer(maria.token), payload: body('Firma de contrato') });
  expect(created.statusCode, created.body).toBe(201);
  appointment = json<Appointment>(created);
});
afterAll(() => ctx.close());

const read = (token: string) => ctx.app.inject({ url: `/api/appo/${appointment.id}`, headers: bearer(token) });

describe('conditional writes of an appointment', () => {
  itRefusesStaleSaves<Appointment>(() => ({
    first: { token: maria.token, name: 'María López' },
    second: pedro.token,
    outsider: { token: santaFe.token, status: 404 },
    record: {
      read,
      save: (token, record, text, ifMatch) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/appo/update/${record.id}`,
          headers: saveHeaders(token, ifMatch),
          payload: body(text),
        }),
      text: (record) => record.title,
    },
  }));

  it('the reminder job’s mark leaves the version alone; any other write raises it', async () => {
    const before = json<Appointment>(await read(maria.token)).version;
    await ctx.testDb.database.db.execute(sql`update appointments set reminded_at = now() where id = ${appointment.id}`);
    expect(json<Appointment>(await read(maria.token)).version).toBe(before);
    await ctx.testDb.database.db.execute(sql`update appointments set status = 'confirmed' where id = ${appointment.id}`);
    expect(json<Appointment>(await read(maria.token)).version).toBe(before + 1);
  });
});
