import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jitsiRoomPattern, type Appointment, type AppointmentFormValues, type AppointmentPage } from '@portal/domain';
import { loadAppointmentBatch, loadAppointments, type CalendarPosition } from './repository';
import { ADMIN, bearer, copyRow, createTestContext, signInAs, json, login, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';

let ctx: TestContext;
let admin: string;
let agent: { id: number; token: string };
let otherAgent: { id: number; token: string };
let manager: { id: number; token: string };
let santaFeAgent: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, otherAgent, manager, santaFeAgent] = await Promise.all([signInAs(ctx, 'agent', 1), signInAs(ctx, 'agent', 1), signInAs(ctx, 'manager', 1), signInAs(ctx, 'agent', 2)]);
});
afterAll(() => ctx.close());


const body = (overrides: Partial<AppointmentFormValues> = {}): AppointmentFormValues => ({
  title: 'Firma de contrato — Durango 214',
  description: 'Traer identificación oficial',
  date: '2026-12-03',
  startTime: '10:00',
  endTime: '11:30',
  location: 'Sucursal Polanco, sala 2',
  type: 'signature',
  attendees: [
    { name: 'Lucía Hernández', email: 'lucia@example.mx', role: 'tenant' },
    { name: 'Roberto Sánchez', email: 'roberto@example.mx', role: 'owner' },
  ],
  ...overrides,
});

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(overrides: Partial<AppointmentFormValues> = {}, token = agent.token): Promise<Appointment> {
  const response = await request('POST', '/api/appo', token, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return json<Appointment>(response);
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

describe('authentication and roles', () => {
  it('answers 401 to every appointment call without a token (the feed has its own)', async () => {
    const calls = [
      ['GET', '/api/appo'],
      ['GET', '/api/appo/branch/1'],
      ['GET', '/api/appo/search'],
      ['GET', '/api/appo/1'],
      ['GET', '/api/appo/1/ics'],
      ['POST', '/api/appo'],
      ['POST', '/api/appo/update/1'],
      ['GET', '/api/appo/del/1'],
      ['DELETE', '/api/appo/1'],
      ['POST', '/api/appo/feed'],
      ['DELETE', '/api/appo/feed'],
    ] as const;
    for (const [method, url] of calls) expect((await request(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it("lets only its author, a manager or an admin change or delete an appointment (another agent: 403)", async () => {
    const appointment = await create();
    const edit = await request('POST', `/api/appo/update/${appointment.id}`, otherAgent.token, body({ title: 'Movida' }));
    expect(json(edit)).toMatchObject({ statusCode: 403, message: 'Solo quien agendó la cita, un gerente o un administrador puede modificarla o eliminarla' });
    expect((await request('GET', `/api/appo/del/${appointment.id}`, otherAgent.token)).statusCode).toBe(403);
    // Everyone in the branch sees it.
    expect((await request('GET', `/api/appo/${appointment.id}`, otherAgent.token)).statusCode).toBe(200);
    expect((await request('POST', `/api/appo/update/${appointment.id}`, manager.token, body({ title: 'Por el gerente' }))).statusCode).toBe(200);
    expect((await request('POST', `/api/appo/update/${appointment.id}`, admin, body({ title: 'Por el admin' }))).statusCode).toBe(200);
  });
});

describe('create, read, update, delete', () => {
  it('creates it pending, in the caller\'s branch, by the caller, with a Jitsi Meet room and unconfirmed attendees', async () => {
    const response = await request('POST', '/api/appo', agent.token, { ...body(), status: 'confirmed', branchId: 2, userId: 999 });
    expect(response.statusCode).toBe(201);
    const appointment = json<Appointment>(response);
    expect(appointment).toMatchObject({
      title: 'Firma de contrato — Durango 214',
      date: '2026-12-03',
      startTime: '10:00',
      endTime: '11:30',
      type: 'signature',
      status: 'pending',
      branchId: 1,
      userId: agent.id,
      attendees: [
        { name: 'Lucía Hernández', email: 'lucia@example.mx', role: 'tenant', confirmed: false },
        { name: 'Roberto Sánchez', email: 'roberto@example.mx', role: 'owner', confirmed: false },
      ],
    });
    expect(appointment.googleMeetUrl).toMatch(jitsiRoomPattern);
    expect(json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token))).toEqual(appointment);
  });

  it('answers 400 naming each field, an end before the start included, and writes nothing', async () => {
    const before = json<Appointment[]>(await request('GET', '/api/appo', admin)).length;
    const empty = await request('POST', '/api/appo', agent.token, { title: '', date: '', startTime: '', endTime: '', location: '', attendees: [{ name: '', email: 'x', role: 'jefe' }] });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).details.map((detail: { field: string }) => detail.field)).toEqual([
      'title',
      'date',
      'startTime',
      'endTime',
      'location',
      'attendees.0.name',
      'attendees.0.email',
      'attendees.0.role',
    ]);
    const backwards = await request('POST', '/api/appo', agent.token, body({ startTime: '12:00', endTime: '11:00' }));
    expect(json(backwards)).toMatchObject({ statusCode: 400, details: [{ field: 'endTime', message: 'La hora de fin debe ser posterior a la hora de inicio' }] });
    // A date input accepts year 0000; PostgreSQL would not: a 400, never a 500.
    expect(json(await request('POST', '/api/appo', agent.token, body({ date: '0000-01-01' })))).toMatchObject({ statusCode: 400, details: [{ field: 'date' }] });
    expect((await request('GET', '/api/appo?from=0000-01-01', agent.token)).statusCode).toBe(400);
    expect(json<Appointment[]>(await request('GET', '/api/appo', admin))).toHaveLength(before);
  });

  it('updates everything, attendees added, kept and removed, and the status', async () => {
    const appointment = await create();
    const [lucia] = appointment.attendees;
    const response = await request(
      'POST',
      `/api/appo/update/${appointment.id}`,
      agent.token,
      body({
        startTime: '16:00',
        endTime: '17:00',
        status: 'confirmed',
        attendees: [
          { id: lucia!.id, name: 'Lucía Hernández Q.', email: 'lucia@example.mx', role: 'tenant', confirmed: true },
          { name: 'Patricia Ochoa', email: 'patricia@example.mx', role: 'guarantor' },
        ],
      }),
    );
    const updated = json<Appointment>(response);
    const invited = { response: null, respondedAt: null, invitedAt: expect.any(String) };
    expect(updated).toMatchObject({ startTime: '16:00', endTime: '17:00', status: 'confirmed', userId: agent.id });
    expect(updated.attendees).toEqual([
      { id: lucia!.id, externalId: '', name: 'Lucía Hernández Q.', email: 'lucia@example.mx', role: 'tenant', confirmed: true, ...invited },
      { id: expect.any(Number), externalId: '', name: 'Patricia Ochoa', email: 'patricia@example.mx', role: 'guarantor', confirmed: false, ...invited },
    ]);
    const backwards = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ startTime: '18:00', endTime: '17:59' }));
    expect(backwards.statusCode).toBe(400);
    // A client that leaves the status out keeps the stored one.
    const withoutStatus = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ title: 'Sin estatus en el cuerpo' }));
    expect(json<Appointment>(withoutStatus)).toMatchObject({ title: 'Sin estatus en el cuerpo', status: 'confirmed' });
  });

  it('deletes by GET /api/appo/del/{id} and by DELETE /api/appo/{id}', async () => {
    const first = await create();
    const second = await create();
    expect(json(await request('GET', `/api/appo/del/${first.id}`, agent.token))).toEqual({ message: 'Cita eliminada' });
    expect((await request('DELETE', `/api/appo/${second.id}`, agent.token)).statusCode).toBe(200);
    expect((await request('GET', `/api/appo/${first.id}`, agent.token)).statusCode).toBe(404);
    expect((await request('GET', `/api/appo/${second.id}`, agent.token)).statusCode).toBe(404);
  });

  it("hides another branch's appointment (404) and list (403)", async () => {
    const appointment = await create();
    for (const [method, url, payload] of [
      ['GET', `/api/appo/${appointment.id}`],
      ['GET', `/api/appo/${appointment.id}/ics`],
      ['POST', `/api/appo/update/${appointment.id}`, body()],
      ['GET', `/api/appo/del/${appointment.id}`],
      ['DELETE', `/api/appo/${appointment.id}`],
    ] as const) {
      const response = await request(method, url, santaFeAgent.token, payload);
      expect(json(response), `${method} ${url}`).toMatchObject({ statusCode: 404, message: 'No se encontró la cita' });
    }
    expect(json(await request('GET', '/api/appo/branch/1', santaFeAgent.token))).toMatchObject({ statusCode: 403, message: 'No tiene acceso a las citas de otra sucursal' });
    expect(json<Appointment[]>(await request('GET', '/api/appo', santaFeAgent.token)).some((item) => item.id === appointment.id)).toBe(false);
  });
});

describe('the policy an appointment is about (issue 14)', () => {
  /** The spec's fields (section 3) and the server's timestamps, as before issue 14. */
  const specFields = ['attendees', 'branchId', 'createdAt', 'date', 'description', 'endTime', 'googleMeetUrl', 'id', 'location', 'startTime', 'status', 'title', 'type', 'updatedAt', 'userId'];

  it("names a policy of its branch; the spec's shape is unchanged, with policyId beside it", async () => {
    const policy = await newPolicy(ctx, { token: agent.token });
    const appointment = await create({ policyId: policy.id });
    expect(appointment.policyId).toBe(policy.id);
    expect(appointment.policyFolio).toBe(policy.investigationId);
    expect(Object.keys(appointment).sort()).toEqual([...specFields, 'policyId', 'policyFolio', 'version'].sort());
    // Without one, null; the list and the single read say the same.
    expect((await create()).policyId).toBeNull();
    expect(json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token)).policyId).toBe(policy.id);
  });

  it("refuses another branch's policy with a 400 on the field, also for an admin scheduling in that other branch", async () => {
    const santaFePolicy = await newPolicy(ctx, { token: santaFeAgent.token });
    const refused = await request('POST', '/api/appo', agent.token, body({ policyId: santaFePolicy.id }));
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      message: 'El campo Póliza debe ser una póliza de la sucursal de la cita',
      details: [{ field: 'policyId', message: 'El campo Póliza debe ser una póliza de la sucursal de la cita' }],
    });
    // An admin's appointment for Santa Fe may name a Santa Fe policy, not a Polanco one.
    const polancoPolicy = await newPolicy(ctx, { token: agent.token });
    expect((await request('POST', '/api/appo', admin, body({ branchId: 2, policyId: santaFePolicy.id }))).statusCode).toBe(201);
    expect((await request('POST', '/api/appo', admin, body({ branchId: 2, policyId: polancoPolicy.id }))).statusCode).toBe(400);
    // Nor on update, and nothing changes.
    const appointment = await create();
    const update = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ policyId: santaFePolicy.id }));
    expect(update.statusCode).toBe(400);
    expect(json<Appointment>(await request('GET', `/api/appo/${appointment.id}`, agent.token)).policyId).toBeNull();
  });

  it('answers 400 naming Póliza to a policy id that is not one', async () => {
    for (const policyId of ['abc', 0, -1, 1.5]) {
      const response = await request('POST', '/api/appo', agent.token, body({ policyId }));
      expect(response.statusCode, String(policyId)).toBe(400);
      expect(json(response).details).toContainEqual({ field: 'policyId', message: 'El valor del campo Póliza no es válido' });
    }
  });

  it('keeps the policy when an update leaves policyId out (a spec client), and drops it on null', async () => {
    const policy = await newPolicy(ctx, { token: agent.token });
    const appointment = await create({ policyId: policy.id });
    const kept = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ title: 'Movida' }));
    expect(json<Appointment>(kept)).toMatchObject({ title: 'Movida', policyId: policy.id });
    const dropped = await request('POST', `/api/appo/update/${appointment.id}`, agent.token, body({ policyId: null }));
    expect(json<Appointment>(dropped).policyId).toBeNull();
  });
});

describe('lists', () => {
  it('gives the calendar only the days it asks for, in time order', async () => {
    await create({ date: '2027-02-10', startTime: '15:00', endTime: '16:00', title: 'Tarde' });
    await create({ date: '2027-02-10', startTime: '09:00', endTime: '10:00', title: 'Mañana' });
    await create({ date: '2027-02-11', startTime: '09:00', endTime: '10:00', title: 'Otro día' });
    const day = json<Appointment[]>(await request('GET', '/api/appo?from=2027-02-10&to=2027-02-10', agent.token));
    expect(day.map((item) => item.title)).toEqual(['Mañana', 'Tarde']);
    expect(json<Appointment[]>(await request('GET', '/api/appo/branch/1?from=2027-02-10&to=2027-02-11', agent.token))).toHaveLength(3);
    expect((await request('GET', '/api/appo?from=2027-02-12&to=2027-02-10', agent.token)).statusCode).toBe(400);
  });

  it('searches title, description, location and attendees (accents and case ignored), five per page', async () => {
    for (let index = 1; index <= 6; index++) {
      await create({ title: `Inspección ${index}`, date: `2027-03-0${index}`, attendees: [{ name: 'Íñigo Peñaloza', email: `inigo${index}@example.mx`, role: 'owner' }] });
    }
    const search = async (q: string, page = 1) => json<AppointmentPage>(await request('GET', `/api/appo/search?q=${encodeURIComponent(q)}&page=${page}`, agent.token));
    const first = await search('penaloza');
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 5 });
    expect(first.items.map((item) => item.title)).toEqual(['Inspección 6', 'Inspección 5', 'Inspección 4', 'Inspección 3', 'Inspección 2']);
    expect((await search('penaloza', 2)).items.map((item) => item.title)).toEqual(['Inspección 1']);
    expect((await search('INIGO3@')).total).toBe(1);
    expect((await search('inspeccion')).total).toBeGreaterThanOrEqual(6);
    expect((await search('sala 2')).total).toBeGreaterThan(0);
    expect(json<AppointmentPage>(await request('GET', '/api/appo/search?q=penaloza', santaFeAgent.token)).total).toBe(0);
  });

  it('streams the full list in calendar order, read in batches that join up exactly', async () => {
    await create({ date: '2027-06-02', startTime: '09:00', endTime: '10:00', title: 'Lote B' });
    await create({ date: '2027-06-01', startTime: '11:00', endTime: '12:00', title: 'Lote A2' });
    await create({ date: '2027-06-01', startTime: '11:00', endTime: '12:30', title: 'Lote A3' });
    await create({ date: '2027-06-01', startTime: '08:00', endTime: '09:00', title: 'Lote A1' });
    const db = ctx.testDb.database.db;
    const filter = { scope: { branchId: 1 } };
    const whole = await loadAppointments(db, filter);
    const batched: Appointment[] = [];
    let after: CalendarPosition | null = null;
    do {
      const batch: Awaited<ReturnType<typeof loadAppointmentBatch>> = await loadAppointmentBatch(db, filter, after, 2);
      batched.push(...batch.items);
      after = batch.last;
    } while (after);
    expect(batched).toEqual(whole);
    const streamed = json<Appointment[]>(await request('GET', '/api/appo', agent.token));
    expect(streamed.map((item) => item.id)).toEqual(whole.map((item) => item.id));
    const june = json<Appointment[]>(await request('GET', '/api/appo?from=2027-06-01&to=2027-06-02', agent.token));
    expect(june.map((item) => item.title)).toEqual(['Lote A1', 'Lote A2', 'Lote A3', 'Lote B']);
  });

  it('past 1,000 matches the total stops counting and says so; the pages go on', async () => {
    const one = await create({ title: 'Revisión masiva', date: '2027-05-01' });
    await copyRow(ctx, 'appointments', one.id, 1000);
    const search = async (page: number) => json<AppointmentPage>(await request('GET', `/api/appo/search?q=masiva&page=${page}`, agent.token));
    expect(await search(1)).toMatchObject({ total: 1000, totalIsCapped: true, page: 1 });
    const last = await search(201);
    expect(last.items).toHaveLength(1);
    expect(last).toMatchObject({ totalIsCapped: true });
  });
});

describe('iCalendar', () => {
  it("downloads one appointment as .ics that a real parser reads, at Mexico City's hour", async () => {
    const appointment = await create();
    const response = await request('GET', `/api/appo/${appointment.id}/ics`, agent.token);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=cita-${appointment.id}.ics`);
    const [event] = parseCalendar(response.body);
    expect(event!.summary).toBe('Firma de contrato — Durango 214');
    expect(event!.location).toBe('Sucursal Polanco, sala 2');
    // 10:00 in Mexico City (UTC−6) is 16:00 UTC.
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-03T16:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-03T17:30:00.000Z');
    expect(event!.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual(['mailto:lucia@example.mx', 'mailto:roberto@example.mx']);
  });

  it('serves a private feed without a bearer token, regenerates it, and forgets it once revoked (404)', async () => {
    const appointment = await create({ title: 'En el feed', date: '2099-01-15' });
    const { url } = json<{ url: string }>(await request('POST', '/api/appo/feed', agent.token));
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/appo\/feed\/[\w-]{43}\.ics$/);
    const path = new URL(url).pathname;

    const feed = await request('GET', path);
    expect(feed.statusCode).toBe(200);
    const events = parseCalendar(feed.body);
    expect(events.map((event) => event.summary)).toContain('En el feed');
    expect(events.find((event) => event.summary === 'En el feed')!.uid).toBe(`cita-${appointment.id}@${new URL(url).hostname}`);
    // The other branch's appointments are not in it.
    await create({ title: 'De Santa Fe', date: '2099-01-16' }, santaFeAgent.token);
    expect(parseCalendar((await request('GET', path)).body).map((event) => event.summary)).not.toContain('De Santa Fe');

    const regenerated = json<{ url: string }>(await request('POST', '/api/appo/feed', agent.token)).url;
    expect(regenerated).not.toBe(url);
    expect((await request('GET', path)).statusCode).toBe(404);
    const newPath = new URL(regenerated).pathname;
    expect((await request('GET', newPath)).statusCode).toBe(200);

    expect((await request('DELETE', '/api/appo/feed', agent.token)).statusCode).toBe(204);
    expect(json(await request('GET', newPath))).toMatchObject({ statusCode: 404, message: 'El calendario no existe o fue revocado' });
    expect((await request('GET', '/api/appo/feed/not-a-token.ics')).statusCode).toBe(400);

    // The link is the credential: the request log never holds it.
    const token = path.split('/').at(-1)!.replace('.ics', '');
    await request('GET', path.replace('/feed/', '/%66eed/'));
    expect(ctx.logs.join('')).toContain('/api/appo/feed/[oculto]');
    expect(ctx.logs.join('')).not.toContain(token);
  });
});
