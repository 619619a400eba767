import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedName, arcoExportFieldLabels, arcoMessages, type ArcoCancelResult, type ArcoRecord, type ArcoSearchResult, type Policy } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { rowsOf } from '../../db/client';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { filesUnder, multipartFile, sampleFiles } from '../../test/files';
import { pdfPages } from '../../test/pdf-text';
import { retentionReason } from './service';

/*
 * The done-when test of issue 19's ARCO requests: one person everywhere (tenant, guarantor,
 * owner, lead, attendee, and tenant of a policy in force), found by name, e-mail and phone,
 * exported, then cancelled; afterwards every text column of every table is searched for them.
 */

// Issue 35: the RFC and CURP (valid check digits) are the person's too: exported, then erased.
const person = { name: 'Zoé Quintanar Ybarra', email: 'Zoe.Quintanar@Ejemplo.mx', mobile: '81 1736 4925', digits: '8117364925', rfc: 'QUYZ900101AB6', curp: 'QUYZ900101MNLNBX07' };

let ctx: TestContext;
let admin: string;
let agent: string;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://polizas.empresa.test' });
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

async function created<T>(method: 'POST', url: string, payload: object): Promise<T> {
  const response = await call(method, url, agent, payload);
  expect(response.statusCode, response.body).toBe(201);
  return json<T>(response);
}

const personAsTenant = () => ({ ...exampleTenant(person.name), email: person.email, mobile: person.mobile, phone: '', rfc: person.rfc, curp: person.curp });

async function upload(folio: string, documentType: string, text: string) {
  const { payload, headers } = multipartFile(sampleFiles.pdf(text), `ine-${documentType}.pdf`);
  const response = await ctx.app.inject({ method: 'POST', url: `/api/files/upload/${encodeURIComponent(folio)}/${documentType}`, headers: { ...bearer(agent), ...headers }, payload });
  expect(response.statusCode, response.body).toBe(201);
}

const search = async (q: string) => {
  const response = await call('GET', `/api/admin/arco/search?q=${encodeURIComponent(q)}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return json<ArcoSearchResult>(response).records;
};

interface ExportFile {
  generatedAt: string;
  records: { kind: string; id: number; where: string; data: Record<string, unknown>; lists: Record<string, Record<string, unknown>[]> }[];
}

const refs = (records: ArcoRecord[]) => records.map(({ kind, id }) => ({ kind, id }));
const keyOf = (record: { kind: string; id: number }) => `${record.kind}:${record.id}`;

interface Hit {
  table: string;
  column: string;
  row: Record<string, unknown>;
}

/** Every text, varchar, char, text[] and jsonb column of every table, searched for the needle (LIKE on a folded copy). */
async function hitsEverywhere(needles: { folded: string[]; digits: string }): Promise<Hit[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await ctx.app.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and (c.data_type in ('text', 'character varying', 'character', 'jsonb') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))`),
  );
  expect(columns.length).toBeGreaterThan(100);
  const hits: Hit[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const text = sql`translate(lower(${sql.identifier(column)}::text), 'áéíóúüñ', 'aeiouun')`;
    const conditions = [...needles.folded.map((needle) => sql`${text} like ${`%${needle}%`}`), sql`regexp_replace(${sql.identifier(column)}::text, '[\\s().+-]', '', 'g') like ${`%${needles.digits}%`}`];
    const rows = rowsOf<{ row: Record<string, unknown> }>(
      await ctx.app.db.execute(sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where ${sql.join(conditions, sql` or `)}`),
    );
    hits.push(...rows.map(({ row }) => ({ table, column, row })));
  }
  return hits;
}

describe('ARCO: search, export and cancellation of one person everywhere', () => {
  let tenantPolicy: Policy;
  let guarantorPolicy: Policy;
  let ownerPolicy: Policy;
  let activePolicy: Policy;
  let leadId: number;
  let appointmentId: number;
  let filesBefore: string[];

  beforeAll(async () => {
    filesBefore = filesUnder(ctx.config.files.kind === 'disk' ? ctx.config.files.root : '');
    tenantPolicy = await created<Policy>('POST', '/api/policy', examplePolicyInput({ tenants: [personAsTenant()] }));
    await upload(tenantPolicy.investigationId, 'tenantId', `INE de ${person.name}`);
    await upload(tenantPolicy.investigationId, 'incomeProof', 'Recibo de nómina');
    await created('POST', `/api/policy/${tenantPolicy.id}/links`, { party: 'tenant', partyIndex: 0, sendEmail: true });

    guarantorPolicy = await created<Policy>(
      'POST',
      '/api/policy',
      examplePolicyInput({ policyType: 'plus', guarantors: [{ ...exampleGuarantor(person.name), email: person.email.toUpperCase(), phone: '(81) 1736-4925', rfc: person.rfc.toLowerCase(), curp: person.curp }] }),
    );
    await upload(guarantorPolicy.investigationId, 'guarantorId', 'INE del aval');

    const base = examplePolicyInput();
    ownerPolicy = await created<Policy>('POST', '/api/policy', { ...base, property: { ...base.property, owner: { name: person.name, phone: '', mobile: person.mobile, email: person.email, rfc: person.rfc, curp: person.curp } } });
    await upload(ownerPolicy.investigationId, 'ownerId', 'INE del propietario');

    const lead = await created<{ id: number }>('POST', '/api/leads', { name: person.name, phone: person.mobile, phonewhats: '+52 81 1736 4925', source: 'Instagram', notes: `Llamar a ${person.name} por la tarde` });
    leadId = lead.id;
    const note = await call('POST', `/api/leads/${leadId}/notes`, agent, { note: `Pidió cotización, correo ${person.email}` });
    expect(note.statusCode, note.body).toBe(200);

    const appointment = await created<{ id: number }>('POST', '/api/appo', {
      title: 'Firma de contrato — Durango 214',
      description: `Traer identificación oficial; ${person.name} llega con su asesor`,
      date: '2026-12-03',
      startTime: '10:00',
      endTime: '11:30',
      location: 'Sucursal Polanco, sala 2',
      type: 'signature',
      attendees: [{ name: person.name, email: person.email, role: 'tenant' }, { name: 'Roberto Sánchez', email: 'roberto@example.mx', role: 'owner' }],
    });
    appointmentId = appointment.id;

    activePolicy = await created<Policy>('POST', '/api/policy', examplePolicyInput({ tenants: [personAsTenant()] }));
    await ctx.app.db.execute(sql`update policies set status = 'active' where id = ${activePolicy.id}`);
  });

  it('finds every record by name (without accents or case), by e-mail (any case) and by phone (any format)', async () => {
    const byName = await search('zoe QUINTANAR');
    expect(byName.map((record) => [record.kind, record.policyId ?? record.leadId ?? record.appointmentId]).sort()).toEqual(
      [
        ['tenant', tenantPolicy.id],
        ['guarantor', guarantorPolicy.id],
        ['owner', ownerPolicy.id],
        ['lead', leadId],
        ['attendee', appointmentId],
        ['tenant', activePolicy.id],
      ].sort(),
    );
    const active = byName.find((record) => record.policyId === activePolicy.id)!;
    expect(active).toMatchObject({ retained: true, retentionReason: arcoMessages.retainedInForce, folio: activePolicy.investigationId, policyStatus: 'active', branchName: 'Sucursal Polanco', editPath: `/policies/${activePolicy.id}/edit` });
    expect(byName.filter((record) => record.retained)).toHaveLength(1);
    // A lead is told apart by when it was recorded, not by its number.
    expect(byName.find((record) => record.kind === 'lead')!.leadCreatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const byEmail = await search('ZOE.quintanar@ejemplo.MX');
    expect(byEmail.map(keyOf).sort()).toEqual(byName.filter((record) => record.kind !== 'lead').map(keyOf).sort());
    const byPhone = await search('+52 (811) 736-4925');
    expect(byPhone.map(keyOf).sort()).toEqual(byName.filter((record) => record.kind !== 'attendee').map(keyOf).sort());
  });

  it('exports every record as JSON (with documents, references, notes) and as a PDF naming the person; both are logged', async () => {
    const records = await search(person.email);
    const all = [...records, ...(await search(person.mobile)).filter((record) => record.kind === 'lead')];
    const response = await call('POST', '/api/admin/arco/export', admin, { records: refs(all), format: 'json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="datos-personales-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = json<ExportFile>(response);
    expect(file.records.map(keyOf).sort()).toEqual(all.map(keyOf).sort());
    const tenant = file.records.find((record) => record.kind === 'tenant' && record.where.includes(tenantPolicy.investigationId))!;
    expect(tenant.data).toMatchObject({ name: person.name, email: person.email.toLowerCase(), mobile: person.mobile, company: 'Grupo Norte SA de CV', monthlyIncome: 55000, rfc: person.rfc, curp: person.curp });
    expect(file.records.find((record) => record.kind === 'guarantor')!.data).toMatchObject({ rfc: person.rfc, curp: person.curp });
    expect(file.records.find((record) => record.kind === 'owner')!.data).toMatchObject({ rfc: person.rfc, curp: person.curp });
    expect(tenant.lists.references).toEqual([{ name: 'Ana Pérez', phone: '5544433322', type: 'Personal' }]);
    expect(tenant.lists.documents!.map((document) => document.slot)).toEqual(['Identificación del inquilino', 'Comprobantes de ingresos']);
    expect(file.records.find((record) => record.kind === 'lead')!.data.notes).toContain('Pidió cotización');
    expect(file.records.find((record) => record.kind === 'attendee')!.data).toMatchObject({ name: person.name, title: 'Firma de contrato — Durango 214', date: '2026-12-03', role: 'Inquilino', startTime: '10:00' });

    const pdf = await call('POST', '/api/admin/arco/export', admin, { records: refs(all), format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain(person.name);
    expect(text).toContain(tenantPolicy.investigationId);
    expect(text).toContain(`RFC: ${person.rfc}`);
    expect(text).toContain(`CURP: ${person.curp}`);

    const requests = rowsOf<{ kind: string; person_query: string }>(await ctx.app.db.execute(sql`select kind, person_query from arco_requests order by id`));
    expect(requests.map((row) => row.kind)).toEqual(['access', 'access']);
    expect(requests[0]!.person_query).not.toContain('Quintanar');
    const logged = rowsOf<{ action: string; subject: string }>(await ctx.app.db.execute(sql`select action, subject from access_log where subject like 'Solicitud ARCO%'`));
    expect(logged).toHaveLength(2);
    expect(logged.every((row) => row.action === 'export')).toBe(true);
  });

  it('writes the PDF for the person it describes: Spanish labels and values, dates in Mexico City time, no hash nor token, no key', async () => {
    const all = [...(await search(person.email)), ...(await search(person.mobile)).filter((record) => record.kind === 'lead')];
    const lead = all.find((record) => record.kind === 'lead')!;
    const note = await call('POST', `/api/leads/${lead.id}/notes`, agent, { note: `Le mandé el enlace ${ctx.config.publicUrl}/subir/${'a1b2c3d4'.repeat(8)}` });
    expect(note.statusCode, note.body).toBe(200);
    const pdf = await call('POST', '/api/admin/arco/export', admin, { records: refs(all), format: 'pdf' });
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    for (const label of ['Participa como: Inquilino', 'Tipo de cita: Firma de contrato', 'Estatus de la cita: Pendiente', 'Estatus: Cotización', 'Tipo: Personal', 'Ingreso mensual: $55,000.00', 'Hora de inicio: 10:00', 'Fecha: 3 dic 2026', 'WhatsApp: 81 1736 4925']) {
      expect(text).toContain(label);
    }
    expect(text).toMatch(/Generado el \d{1,2} [a-z]{3,4}\.? \d{4}, \d{2}:\d{2}, hora de la Ciudad de México/);
    expect(text).toMatch(/Invitado el: \d{1,2} [a-z]{3,4}\.? \d{4}, \d{2}:\d{2}, hora de la Ciudad de México/);
    expect(text).toContain('Asistente a una cita — Cita «Firma de contrato — Durango 214» del 3 dic 2026, Sucursal Polanco');
    expect(text).toContain('[dato oculto]');
    expect(text).not.toMatch(/\btenant\b|\bpending\b|\bsignature\b|\bcotizacion\b|\bpersonal\b/);
    expect(text).not.toMatch(/hash|token|rsvp|[0-9a-f]{32}/i);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}|GMT|\d{2}:\d{2}:\d{2}/);
    // No camelCase key reaches the person: every label is Spanish words.
    expect(text).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*:/);
    expect(text).not.toMatch(/\b(response|respondedAt|followUpDate|createdAt|body|direction|slot):/);
  });

  it('exports stable, documented JSON keys (decision 019) and no secret in any of them', async () => {
    const all = [...(await search(person.email)), ...(await search(person.mobile)).filter((record) => record.kind === 'lead')];
    const file = json<ExportFile>(await call('POST', '/api/admin/arco/export', admin, { records: refs(all), format: 'json' }));
    expect(Object.keys(file)).toEqual(['generatedAt', 'records']);
    expect(file.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The first record of each kind (the tenant with documents comes before the one without).
    const shapes = Object.fromEntries(
      [...file.records].reverse().map((record) => [
        record.kind,
        { record: Object.keys(record), data: Object.keys(record.data), lists: Object.fromEntries(Object.entries(record.lists).map(([list, items]) => [list, items[0] ? Object.keys(items[0]) : []])) },
      ]),
    );
    const address = (prefix: string) => ['Street', 'ExteriorNumber', 'InteriorNumber', 'Colony', 'Municipality', 'State', 'ZipCode'].map((part) => `${prefix}${part}`);
    const recordKeys = ['kind', 'kindLabel', 'id', 'where', 'data', 'lists'];
    const documents = ['slot', 'originalFilename', 'uploadedAt', 'respuesta'];
    expect(shapes).toEqual({
      tenant: {
        record: recordKeys,
        data: ['name', ...address('address'), 'phone', 'mobile', 'email', 'profession', 'monthlyIncome', 'company', 'seniority', 'immediateBoss', ...address('workAddress'), 'requiresInvoice', 'rfc', 'curp'],
        lists: { references: ['name', 'phone', 'type'], documents },
      },
      guarantor: {
        record: recordKeys,
        data: ['name', ...address('address'), 'phone', 'mobile', 'email', 'sameAddressAsGuarantee', 'hasGuaranteeAddress', ...address('guaranteeAddress'), 'rfc', 'curp'],
        lists: { vehicle: [], documents },
      },
      owner: { record: recordKeys, data: ['name', ...address('address'), 'phone', 'mobile', 'email', 'rfc', 'curp', 'bank', 'accountNumber', 'clabe', 'accountHolder'], lists: { documents } },
      lead: { record: recordKeys, data: ['name', 'phone', 'phonewhats', 'email', 'source', 'status', 'followUpDate', 'createdAt', 'updatedAt', 'notes'], lists: { notes: ['body', 'createdAt'], messages: [] } },
      attendee: {
        record: recordKeys,
        data: ['name', 'email', 'role', 'confirmed', 'response', 'respondedAt', 'invitedAt', 'title', 'description', 'date', 'startTime', 'endTime', 'location', 'appointmentType', 'appointmentStatus'],
        lists: {},
      },
    });
    // Every key has the label the PDF shows.
    const keys = Object.values(shapes).flatMap((shape) => [...shape.data, ...Object.values(shape.lists).flat()]);
    expect(keys.filter((key) => !arcoExportFieldLabels[key])).toEqual([]);
    const body = JSON.stringify(file);
    expect(body).not.toMatch(/hash|token|rsvp|apikey|secret|password|[0-9a-f]{32}/i);
  });

  it('cancels: anonymises what no law keeps, keeps the policy in force, leaves no trace elsewhere (every text column) nor files', async () => {
    const storeRoot = ctx.config.files.kind === 'disk' ? ctx.config.files.root : '';
    const filesWithPerson = filesUnder(storeRoot).filter((name) => !filesBefore.includes(name));
    expect(filesWithPerson).toHaveLength(4);
    const before = await hitsEverywhere({ folded: ['zoe quintanar', 'zoe.quintanar@ejemplo.mx', person.rfc.toLowerCase(), person.curp.toLowerCase()], digits: person.digits });
    expect(new Set(before.map((hit) => hit.table))).toEqual(new Set(['tenants', 'guarantors', 'property_owners', 'policies', 'leads', 'lead_notes', 'appointment_attendees', 'public_links', 'policy_events', 'email_outbox', 'appointments']));

    const storedNames = rowsOf<{ stored_name: string }>(
      await ctx.app.db.execute(sql`select stored_name from investigation_documents where policy_id in (${tenantPolicy.id}, ${guarantorPolicy.id}, ${ownerPolicy.id})`),
    ).map((row) => row.stored_name);
    expect(storedNames).toHaveLength(4);
    const records = [...(await search('Quintanar Ybarra'))];
    const response = await call('POST', '/api/admin/arco/cancel', admin, { records: refs(records), reason: 'El titular pidió la cancelación por escrito el 20 de noviembre' });
    expect(response.statusCode, response.body).toBe(200);
    const result = json<ArcoCancelResult>(response);
    const active = records.find((record) => record.policyId === activePolicy.id)!;
    expect(result.kept).toEqual([{ kind: 'tenant', id: active.id, reason: arcoMessages.retainedInForce }]);
    expect(result.anonymised.map(keyOf).sort()).toEqual(records.filter((record) => record !== active).map(keyOf).sort());
    // Two e-mails: the link's, and the appointment's invitation (issue 20).
    expect(result).toMatchObject({ documentsDeleted: 4, filesDeleted: 4, emailsDeleted: 2 });

    const hits = await hitsEverywhere({ folded: ['zoe quintanar', 'zoe.quintanar@ejemplo.mx', person.rfc.toLowerCase(), person.curp.toLowerCase()], digits: person.digits });
    const outside = hits.filter(({ table, row }) => !(row.policy_id === activePolicy.id || (table === 'policies' && row.id === activePolicy.id)));
    expect(outside).toEqual([]);
    expect(hits.some((hit) => hit.table === 'tenants')).toBe(true);
    expect(filesUnder(storeRoot).filter((name) => filesWithPerson.includes(name))).toEqual([]);
    expect(await Promise.all(storedNames.map((name) => ctx.app.files.sizeOf(name)))).toEqual([null, null, null, null]);

    // The retained record is untouched.
    const [kept] = rowsOf<{ name: string; email: string; mobile: string; rfc: string; curp: string }>(await ctx.app.db.execute(sql`select name, email, mobile, rfc, curp from tenants where id = ${active.id}`));
    expect(kept).toEqual({ name: person.name, email: person.email.toLowerCase(), mobile: person.mobile, rfc: person.rfc, curp: person.curp });

    // What anonymised looks like, and the policy list's summary rebuilt.
    const [policyRow] = rowsOf<{ tenant_names: string[]; guarantor_names: string[]; owner_name: string }>(
      await ctx.app.db.execute(sql`select tenant_names, guarantor_names, owner_name from policies where id = ${tenantPolicy.id}`),
    );
    expect(policyRow!.tenant_names).toEqual([anonymisedName]);
    const [links] = rowsOf<{ revoked: boolean; party_name: string }>(await ctx.app.db.execute(sql`select revoked_at is not null as revoked, party_name from public_links where policy_id = ${tenantPolicy.id}`));
    expect(links).toEqual({ revoked: true, party_name: anonymisedName });
    const [request] = rowsOf<{ kind: string; person_query: string; reason: string; outcome: { anonymised: unknown[] } }>(
      await ctx.app.db.execute(sql`select kind, person_query, reason, outcome from arco_requests where kind = 'cancellation'`),
    );
    expect(request).toMatchObject({ kind: 'cancellation', reason: 'El titular pidió la cancelación por escrito el 20 de noviembre' });
    expect(request!.person_query).toMatch(/^(tenant|guarantor|owner|lead|attendee):\d+/);
    expect(request!.outcome.anonymised).toHaveLength(5);
    expect(await search('Quintanar')).toHaveLength(1);
  });
});

describe('ARCO: across branches', () => {
  it("finds a person in another branch than the admin's, and cancels a lead there", async () => {
    const otherAgent = await tokenFor(ctx, 'agent', 2);
    const response = await call('POST', '/api/leads', otherAgent, { name: 'Íñigo Barrenechea Solís', phone: '33 2211 0099', phonewhats: '', source: 'Facebook' });
    expect(response.statusCode, response.body).toBe(201);
    const [found] = await search('inigo barrenechea');
    expect(found).toMatchObject({ kind: 'lead', branchId: 2, retained: false });
    const reason = 'Solicitud de Iñigo Barrenechea Solís por WhatsApp desde el 33 2211 0099';
    const cancel = await call('POST', '/api/admin/arco/cancel', admin, { records: [{ kind: 'lead', id: found!.id }], reason });
    const { anonymised, requestId } = json<ArcoCancelResult>(cancel);
    expect(anonymised).toEqual([{ kind: 'lead', id: found!.id }]);
    expect(await search('3322110099')).toEqual([]);
    // The reason typed with the person's name and number keeps neither.
    const [request] = rowsOf<{ reason: string }>(await ctx.app.db.execute(sql`select reason from arco_requests where id = ${requestId}`));
    expect(request!.reason).toBe(`Solicitud de ${anonymisedName} por WhatsApp desde el ${anonymisedName}`);
    // Nobody is left to convert or to write to (issue 29).
    const policy = await call('POST', '/api/policy', otherAgent, examplePolicyInput({ branchId: 2 }));
    const convert = await call('POST', `/api/leads/${found!.id}/convert`, otherAgent, { policyId: json<Policy>(policy).id });
    expect(json(convert)).toMatchObject({ statusCode: 409, message: 'Los datos de este lead se cancelaron (ARCO): no se puede convertir en póliza ni contactar' });
    const whatsapp = await call('POST', `/api/leads/${found!.id}/whatsapp`, otherAgent, { text: 'Hola' });
    expect(whatsapp.statusCode).toBe(409);
  });
});

describe('ARCO: who may, and what is refused', () => {
  it('answers 401 without a token and 403 to agents and managers', async () => {
    const manager = await tokenFor(ctx, 'manager', 1);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/arco/search?q=Quintanar'],
      ['POST', '/api/admin/arco/export', { records: [{ kind: 'lead', id: 1 }], format: 'json' }],
      ['POST', '/api/admin/arco/cancel', { records: [{ kind: 'lead', id: 1 }], reason: 'Motivo suficientemente largo' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, agent, payload)).statusCode).toBe(403);
      expect((await call(method, url, manager, payload)).statusCode).toBe(403);
    }
  });

  it('answers 400 naming the field: a short search, a short reason, no records, a bad format', async () => {
    const shortQuery = await call('GET', '/api/admin/arco/search?q=ab', admin);
    expect(shortQuery.statusCode).toBe(400);
    expect(json(shortQuery).details).toEqual([{ field: 'q', message: arcoMessages.queryTooShort }]);
    const shortReason = await call('POST', '/api/admin/arco/cancel', admin, { records: [{ kind: 'lead', id: 1 }], reason: 'corto' });
    expect(shortReason.statusCode).toBe(400);
    expect(json(shortReason).details).toEqual([{ field: 'reason', message: arcoMessages.reasonTooShort }]);
    const noRecords = await call('POST', '/api/admin/arco/export', admin, { records: [], format: 'json' });
    expect(json(noRecords).details).toEqual([{ field: 'records', message: arcoMessages.noRecords }]);
    const badFormat = await call('POST', '/api/admin/arco/export', admin, { records: [{ kind: 'lead', id: 1 }], format: 'xml' });
    expect(badFormat.statusCode).toBe(400);
    expect(json(badFormat).details[0].field).toBe('format');
  });

  it('answers 404 for a record that does not exist, and changes nothing', async () => {
    const response = await call('POST', '/api/admin/arco/cancel', admin, { records: [{ kind: 'tenant', id: 999_999 }], reason: 'Motivo suficientemente largo' });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(arcoMessages.recordNotFound);
  });
});

describe('retentionReason', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ended = (years: number) => new Date(Date.UTC(2026 - years, 10, 1, 18));

  it('keeps a policy in force or on its way to a contract, not one still in investigation', () => {
    for (const status of ['contracts', 'signature', 'active', 'expiring'] as const) {
      expect(retentionReason({ policyStatus: status, endedAt: now, retainYears: 10 }, now)).toBe(arcoMessages.retainedInForce);
    }
    for (const status of ['created', 'investigation', 'investigation_approved', 'investigation_rejected'] as const) {
      expect(retentionReason({ policyStatus: status, endedAt: now, retainYears: 10 }, now)).toBeNull();
    }
  });

  it("keeps an ended policy for its branch's years, and for ever when the branch sets none", () => {
    expect(retentionReason({ policyStatus: 'expired', endedAt: ended(2), retainYears: 10 }, now)).toBe(arcoMessages.retainedEnded('01/11/2034'));
    expect(retentionReason({ policyStatus: 'cancelled', endedAt: ended(11), retainYears: 10 }, now)).toBeNull();
    expect(retentionReason({ policyStatus: 'cancelled', endedAt: ended(30), retainYears: null }, now)).toBe(arcoMessages.retainedForever);
  });
});
