import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedName, arcoExportFieldLabels, arcoMessages, type ArcoCancelResult, type ArcoSearchResult, type Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { brokers, commissionEntries, commissionPayouts } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { brokerRetention } from './brokers';

/*
 * ARCO and the asesores (the leftover of issue 34): an asesor's record is found by name, contact,
 * e-mail or phone; kept while commissions are pending or less than five years old (CFF art. 30);
 * a cancellation after that blanks the directory row and keeps the amounts.
 */

let ctx: TestContext;
let admin: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  manager = await tokenFor(ctx, 'manager', 1);
});
afterAll(() => ctx.close());

const db = () => ctx.app.db;

async function asesor(name: string, email: string): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/brokers',
    headers: bearer(manager),
    payload: { kind: 'asesor', name, contactName: '', rfc: 'COSC8001137NA', email, phone: '55 4123 9876', bank: 'Banco Azteca', clabe: '', accountHolder: name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ id: number }>(response).id;
}

async function policyId(): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(manager), payload: examplePolicyInput() });
  expect(response.statusCode, response.body).toBe(201);
  return json<Policy>(response).id;
}

async function commission(brokerId: number, earnedOn: string, paidOn: string | null) {
  const payout = paidOn
    ? (await db().insert(commissionPayouts).values({ brokerId, paidOn, gross: '100.00', net: '100.00' }).returning({ id: commissionPayouts.id }))[0]!.id
    : null;
  await db().insert(commissionEntries).values({ brokerId, policyId: await policyId(), earnedOn, base: '500.00', percent: '20.00', amount: '100.00', payoutId: payout });
}

const search = async (q: string) => {
  const response = await ctx.app.inject({ url: `/api/admin/arco/search?q=${encodeURIComponent(q)}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return json<ArcoSearchResult>(response).records.filter((record) => record.kind === 'broker');
};

const cancel = (id: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/arco/cancel', headers: bearer(admin), payload: { records: [{ kind: 'broker', id }], reason: 'El asesor pidió la cancelación por escrito' } });

describe('ARCO and the asesores', () => {
  it('finds the asesor by name, e-mail and phone, and exports the directory row and the payouts', async () => {
    const id = await asesor('Fabiola Quintero Lara', 'fabiola.quintero@ejemplo.mx');
    await commission(id, '2026-01-15', '2026-02-01');
    for (const q of ['fabiola quintero', 'fabiola.quintero@ejemplo.mx', '(55) 4123-9876']) expect((await search(q)).map((record) => record.id)).toContain(id);
    const [record] = await search('Fabiola Quintero');
    expect(record).toMatchObject({ editPath: `/brokers/${id}`, retained: true, branchName: expect.any(String) });
    const exported = await ctx.app.inject({ method: 'POST', url: '/api/admin/arco/export', headers: bearer(admin), payload: { records: [{ kind: 'broker', id }], format: 'json' } });
    expect(exported.statusCode, exported.body).toBe(200);
    const [data] = json<{ records: Array<{ data: Record<string, unknown>; lists: { payouts: unknown[] } }> }>(exported).records;
    expect(data!.data).toMatchObject({ name: 'Fabiola Quintero Lara', rfc: 'COSC8001137NA', email: 'fabiola.quintero@ejemplo.mx', kind: 'Asesor inmobiliario' });
    expect(data!.lists.payouts).toEqual([expect.objectContaining({ paidOn: '2026-02-01', net: '100.00' })]);
    // The keys decision 019 documents, each with the label the PDF shows.
    const keys = [...Object.keys(data!.data), ...Object.keys(data!.lists.payouts[0] as object)];
    expect(Object.keys(data!.data).sort()).toEqual(
      ['kind', 'name', 'rfc', 'contactName', 'email', 'phone', 'bank', 'clabe', 'accountHolder', 'commissionPercent', 'commissionIvaPercent', 'isrWithholdingPercent', 'ivaWithholdingPercent', 'notes', 'createdAt', 'updatedAt'].sort(),
    );
    expect(keys.filter((key) => !arcoExportFieldLabels[key])).toEqual([]);
  });

  it('keeps an asesor with commissions pending, or paid less than five years ago', async () => {
    const pending = await asesor('Gilberto Anaya Ruiz', 'gilberto.anaya@ejemplo.mx');
    await commission(pending, '2018-03-01', null);
    const recent = await asesor('Herminia Solís Vega', 'herminia.solis@ejemplo.mx');
    await commission(recent, '2024-05-10', '2024-06-01');
    for (const [id, reason] of [
      [pending, arcoMessages.retainedBrokerPending],
      [recent, arcoMessages.retainedBrokerFiscal('01/06/2029')],
    ] as const) {
      const answer = await cancel(id);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(json<ArcoCancelResult>(answer)).toMatchObject({ anonymised: [], kept: [{ kind: 'broker', id, reason }] });
    }
    const [row] = await db().select().from(brokers).where(eq(brokers.id, recent));
    expect(row!.email).toBe('herminia.solis@ejemplo.mx');
  });

  it('blanks the directory row after five years (and one without commissions), keeping the amounts', async () => {
    const old = await asesor('Isidro Benítez Mora', 'isidro.benitez@ejemplo.mx');
    await commission(old, '2019-01-10', '2019-02-01');
    const answer = await cancel(old);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json<ArcoCancelResult>(answer).anonymised).toEqual([{ kind: 'broker', id: old }]);
    const [row] = await db().select().from(brokers).where(eq(brokers.id, old));
    expect(row).toMatchObject({ name: `${anonymisedName} ${old}`, rfc: '', email: '', phone: '', bank: '', accountHolder: '', status: 'inactive' });
    const [entry] = await db().select().from(commissionEntries).where(eq(commissionEntries.brokerId, old));
    expect(entry!.amount).toBe('100.00');
    expect(await search('Isidro Benítez')).toEqual([]);
    const never = await asesor('Jacinta Ortega Paz', 'jacinta.ortega@ejemplo.mx');
    expect(json<ArcoCancelResult>(await cancel(never)).anonymised).toEqual([{ kind: 'broker', id: never }]);
  });

  it('counts the five years from the newest day earned or paid, in Mexico City', () => {
    const now = new Date('2029-06-01T05:59:00Z'); // 31 May 2029 in Mexico City
    expect(brokerRetention({ pendingCents: 0, lastFiscalDay: '2024-06-01' }, now)).toBe(arcoMessages.retainedBrokerFiscal('01/06/2029'));
    expect(brokerRetention({ pendingCents: 0, lastFiscalDay: '2024-06-01' }, new Date('2029-06-01T06:00:00Z'))).toBeNull();
    expect(brokerRetention({ pendingCents: -1250, lastFiscalDay: null })).toBe(arcoMessages.retainedBrokerPending);
  });
});
