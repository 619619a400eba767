import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedName, arcoMessages, claimErasedText, type ArcoCancelResult, type ArcoSearchResult, type Policy } from '@portal/domain';
import { exampleTenant, examplePolicyInput } from '@portal/domain/testing';
import { rowsOf } from '../../db/client';
import { claimContacts, claimDeadlines, claimEvents, claimFiles, claimMovements, claims } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { sampleFiles } from '../../test/files';
import { retentionReason } from './service';

/*
 * ARCO and the incidencias (issue 33): the search lists a person's cases with the personal data
 * each holds; a case keeps its policy's people while it is worked and for the branch's years after
 * it closed; a cancellation wipes the cases' personal texts and files, keeping amounts, dates,
 * stages and results.
 */

const person = { name: 'Ximena Valdivia Orozco', email: 'ximena.valdivia@ejemplo.mx' };

let ctx: TestContext;
let admin: string;
let agent: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(() => ctx.close());

const db = () => ctx.app.db;

async function policyOfPerson(): Promise<Policy> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput({ tenants: [{ ...exampleTenant(person.name), email: person.email }] }) });
  expect(response.statusCode, response.body).toBe(201);
  return json<Policy>(response);
}

/** A case on the policy naming the person everywhere a person can be written, with an evidence file in the store. */
async function caseNamingPerson(policyId: number, status: 'open' | 'closed', closedYearsAgo = 0) {
  const closedAt = new Date(Date.now() - closedYearsAgo * 366 * 86_400_000);
  const closed = status === 'closed' ? { status, stage: 'closed' as const, result: 'property_recovered' as const, closedAt } : { status };
  const [claim] = await db()
    .insert(claims)
    .values({ policyId, type: 'non_payment', description: `${person.name} dejó de pagar en octubre`, rentClaimed: '37000.00', damagesClaimed: '1200.50', reportedBy: `${person.name} (inquilino, por enlace)`, ...closed })
    .returning({ id: claims.id, openedAt: claims.openedAt });
  const id = claim!.id;
  await db().insert(claimEvents).values({ claimId: id, fromStage: 'report', toStage: 'extrajudicial', note: `Se habló con ${person.name}`, actorLabel: '' });
  await db().insert(claimContacts).values({ claimId: id, channel: 'call', party: 'tenant', personName: person.name, at: new Date('2026-10-10T16:00:00Z'), result: `${person.name} prometió pagar`, promisedOn: '2026-10-20', promisedAmount: '18500.00' });
  await db().insert(claimDeadlines).values({ claimId: id, dueOn: '2026-12-01', description: `Contestación de ${person.name}` });
  await db().insert(claimMovements).values({ claimId: id, kind: 'recovery', amount: '5000.00', on: '2026-10-21', description: 'Abono' });
  const stored = await ctx.app.files.save(Readable.from(sampleFiles.pdf('evidencia')), { accept: ['pdf'], wasTruncated: () => false });
  await db().insert(claimFiles).values({ claimId: id, storedName: stored.storedName, fileName: 'recibo.pdf', mimeType: stored.mimeType, size: stored.size, sha256: stored.sha256, uploadedBy: null });
  return { id, storedName: stored.storedName, openedAt: claim!.openedAt, closedAt: status === 'closed' ? closedAt : null };
}

const search = async (q: string) => {
  const response = await ctx.app.inject({ url: `/api/admin/arco/search?q=${encodeURIComponent(q)}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return json<ArcoSearchResult>(response).records;
};

const cancel = (records: Array<{ kind: string; id: number }>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/arco/cancel', headers: bearer(admin), payload: { records, reason: 'La titular pidió la cancelación por escrito' } });

const ofPolicy = async (policyId: number) => (await search(person.name)).filter((record) => record.policyId === policyId);

describe('ARCO and the incidencias', () => {
  it("lists the person's cases with what each holds, and keeps the record while a case is worked", async () => {
    const policy = await policyOfPerson();
    expect((await ofPolicy(policy.id))[0]).toMatchObject({ kind: 'tenant', claims: [], retained: false });
    const open = await caseNamingPerson(policy.id, 'open');
    const [record] = await ofPolicy(policy.id);
    expect(record!.claims).toEqual([
      {
        id: open.id,
        number: `INC-${String(open.id).padStart(5, '0')}`,
        personalData: ['Descripción', 'Quién la reportó', '1 gestión de cobranza (nombre y resultado)', '1 nota del historial', '1 archivo de evidencia'],
      },
    ]);
    expect(record).toMatchObject({ retained: true, retentionReason: arcoMessages.retainedClaimOpen });
    const response = await cancel([{ kind: record!.kind, id: record!.id }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<ArcoCancelResult>(response).kept).toEqual([{ kind: 'tenant', id: record!.id, reason: arcoMessages.retainedClaimOpen }]);
    const [untouched] = await db().select().from(claims).where(eq(claims.id, open.id));
    expect(untouched!.description).toContain(person.name);
  });

  it("keeps it for the branch's years after the case closed", async () => {
    const policy = await policyOfPerson();
    await caseNamingPerson(policy.id, 'closed', 1);
    const [record] = await ofPolicy(policy.id);
    expect(record!.retained).toBe(true);
    expect(record!.retentionReason).toMatch(/^Conservado por obligación legal: una incidencia de la póliza cerró y sus datos se guardan hasta el \d{2}\/\d{2}\/\d{4}$/);
  });

  it('after that, a cancellation wipes the cases\' personal texts and files; amounts, dates, stages and results stay', async () => {
    const policy = await policyOfPerson();
    const closed = await caseNamingPerson(policy.id, 'closed', 11);
    const [record] = await ofPolicy(policy.id);
    expect(record).toMatchObject({ retained: false, retentionReason: null });
    expect(await ctx.app.files.sizeOf(closed.storedName)).not.toBeNull();
    const response = await cancel([{ kind: record!.kind, id: record!.id }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<ArcoCancelResult>(response)).toMatchObject({ anonymised: [{ kind: 'tenant', id: record!.id }], filesDeleted: 1 });

    const [claim] = await db().select().from(claims).where(eq(claims.id, closed.id));
    expect(claim).toMatchObject({
      description: claimErasedText,
      reportedBy: anonymisedName,
      rentClaimed: '37000.00',
      damagesClaimed: '1200.50',
      stage: 'closed',
      status: 'closed',
      result: 'property_recovered',
      openedAt: closed.openedAt,
      closedAt: closed.closedAt,
    });
    expect(claim!.anonymisedAt).not.toBeNull();
    expect(await db().select({ note: claimEvents.note, toStage: claimEvents.toStage }).from(claimEvents).where(eq(claimEvents.claimId, closed.id))).toEqual([{ note: '', toStage: 'extrajudicial' }]);
    expect(await db().select({ personName: claimContacts.personName, result: claimContacts.result, promisedOn: claimContacts.promisedOn, promisedAmount: claimContacts.promisedAmount }).from(claimContacts).where(eq(claimContacts.claimId, closed.id))).toEqual([
      { personName: anonymisedName, result: claimErasedText, promisedOn: '2026-10-20', promisedAmount: '18500.00' },
    ]);
    expect(await db().select({ dueOn: claimDeadlines.dueOn, description: claimDeadlines.description }).from(claimDeadlines).where(eq(claimDeadlines.claimId, closed.id))).toEqual([
      { dueOn: '2026-12-01', description: `Contestación de ${anonymisedName}` },
    ]);
    expect(await db().select({ amount: claimMovements.amount }).from(claimMovements).where(eq(claimMovements.claimId, closed.id))).toEqual([{ amount: '5000.00' }]);
    expect(await db().select().from(claimFiles).where(eq(claimFiles.claimId, closed.id))).toEqual([]);
    expect(await ctx.app.files.sizeOf(closed.storedName)).toBeNull();
    // No claim table still names her.
    for (const table of ['claims', 'claim_events', 'claim_contacts', 'claim_deadlines', 'claim_movements']) {
      const hits = rowsOf(await db().execute(sql`select 1 from ${sql.identifier(table)} t where lower(to_jsonb(t)::text) like '%valdivia%' and ${sql.identifier(table === 'claims' ? 'id' : 'claim_id')} = ${closed.id}`));
      expect(hits, table).toEqual([]);
    }
    // Searched again, the anonymised case holds nothing of her.
    expect((await search('Titular anonimizado')).find((found) => found.policyId === policy.id)?.claims).toEqual([]);
  });
});

describe('retentionReason and the cases', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const base = { policyStatus: 'investigation' as const, endedAt: now, retainYears: 10 };

  it('keeps a policy with a case in course, or one closed within the years (for ever without a period)', () => {
    expect(retentionReason({ ...base, openClaims: true, lastClaimClosedAt: null, retainClaimYears: 10 }, now)).toBe(arcoMessages.retainedClaimOpen);
    expect(retentionReason({ ...base, openClaims: false, lastClaimClosedAt: new Date('2020-03-01T18:00:00Z'), retainClaimYears: 10 }, now)).toBe(arcoMessages.retainedClaimClosed('01/03/2030'));
    expect(retentionReason({ ...base, openClaims: false, lastClaimClosedAt: new Date('2010-03-01T18:00:00Z'), retainClaimYears: 10 }, now)).toBeNull();
    expect(retentionReason({ ...base, openClaims: false, lastClaimClosedAt: new Date('2010-03-01T18:00:00Z'), retainClaimYears: null }, now)).toBe(arcoMessages.retainedClaimForever);
    // A contract in force says so first.
    expect(retentionReason({ ...base, policyStatus: 'active', openClaims: true, lastClaimClosedAt: null, retainClaimYears: 10 }, now)).toBe(arcoMessages.retainedInForce);
  });
});
