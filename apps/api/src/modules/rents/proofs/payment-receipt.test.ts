import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rentLedgerSchema, type Policy, type RentLedger } from '@portal/domain';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../../test/app';
import { multipartForm, sampleFiles } from '../../../test/files';
import { newPolicy, rentOverrides } from '../../../test/policies';

// 'Today' is 10 March 2027 in Mexico City, as in rents.test.ts.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let agent: string;
let approver: string;
let otherBranchAgent: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [agent, approver, otherBranchAgent] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2)]);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const activePolicy = (): Promise<Policy> =>
  newPolicy(ctx, {
    token: agent,
    overrides: { ...rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5' }), status: 'active', policyNumber: `POL-${Math.random().toString(36).slice(2, 10)}` },
    via: 'admin-jump',
  });

const fields = { amount: '18,500.00', receivedOn: '2027-03-02', method: 'transfer', reference: 'SPEI 123' };

const payWithReceipt = (policyId: number, form: Record<string, string>, file?: { content: Buffer; field?: string; filename?: string }, token = agent, headers: Record<string, string> = {}) => {
  const body = multipartForm(form, file ? { field: file.field ?? 'receipt', content: file.content, filename: file.filename ?? 'comprobante.pdf' } : undefined);
  return ctx.app.inject({ method: 'POST', url: `/api/policy/${policyId}/payments`, headers: { ...bearer(token), ...body.headers, ...headers }, payload: body.payload });
};

async function storedFileCount(): Promise<number> {
  let count = 0;
  for await (const batch of ctx.app.files.storedFiles()) count += batch.length;
  return count;
}

describe('POST /api/policy/{id}/payments with a receipt (multipart)', () => {
  it('records the payment with its file; the ledger lists it and staff download it', async () => {
    const policy = await activePolicy();
    const pdf = sampleFiles.pdf('recibo SPEI');
    const response = await payWithReceipt(policy.id, fields, { content: pdf, filename: 'recibo marzo.pdf' });
    expect(response.statusCode, response.body).toBe(201);
    const ledger: RentLedger = rentLedgerSchema.strict().parse(json(response));
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.payments[0]).toMatchObject({ amount: '18500.00', reference: 'SPEI 123', receipt: { fileName: 'recibo_marzo.pdf', size: pdf.length } });
    expect(ledger.rows[0]).toMatchObject({ state: 'paid_late', paid: '18500.00' });

    const download = await ctx.app.inject({ url: `/api/payments/${ledger.payments[0]!.id}/receipt`, headers: bearer(agent) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // Another branch's staff do not reach it; no session is a 401.
    expect((await ctx.app.inject({ url: `/api/payments/${ledger.payments[0]!.id}/receipt`, headers: bearer(otherBranchAgent) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/payments/${ledger.payments[0]!.id}/receipt` })).statusCode).toBe(401);
  });

  it('takes the form without a file too, and the JSON form still works (no receipt)', async () => {
    const policy = await activePolicy();
    const form = await payWithReceipt(policy.id, { ...fields, amount: '1000' });
    expect(form.statusCode, form.body).toBe(201);
    const plain = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(agent), payload: { amount: '500.50', receivedOn: '2027-03-03', method: 'cash' } });
    expect(plain.statusCode, plain.body).toBe(201);
    const ledger = rentLedgerSchema.parse(json(plain));
    expect(ledger.payments.map((payment) => [payment.amount, payment.receipt])).toEqual([
      ['1000.00', null],
      ['500.50', null],
    ]);
    // A month 13 was a 500 (the date check threw): it is a 400 naming the field.
    const badDay = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: bearer(agent), payload: { amount: '1', receivedOn: '2027-13-40', method: 'cash' } });
    expect(badDay.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(badDay).details[0]!.field).toBe('receivedOn');
    const none = await ctx.app.inject({ url: `/api/payments/${ledger.payments[0]!.id}/receipt`, headers: bearer(agent) });
    expect(none.statusCode).toBe(404);
  });

  it('refuses a file that is not PDF, JPEG or PNG (by its bytes) naming «receipt», and writes nothing', async () => {
    const policy = await activePolicy();
    const before = await storedFileCount();
    const refused = await payWithReceipt(policy.id, fields, { content: sampleFiles.exe(), filename: 'recibo.pdf' });
    expect(refused.statusCode).toBe(415);
    expect(json<{ details: Array<{ field: string }> }>(refused).details[0]!.field).toBe('receipt');
    const empty = await payWithReceipt(policy.id, fields, { content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(empty).details[0]!.field).toBe('receipt');
    const wrongName = await payWithReceipt(policy.id, fields, { content: sampleFiles.pdf(), field: 'file' });
    expect(wrongName.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(wrongName).details[0]!.field).toBe('receipt');
    const ledger = rentLedgerSchema.parse(json(await ctx.app.inject({ url: `/api/policy/${policy.id}/rents`, headers: bearer(agent) })));
    expect(ledger.payments).toHaveLength(0);
    expect(await storedFileCount()).toBe(before);
  });

  it('leaves no file behind when the payment is refused after the file was stored (bad field, stale version, future date)', async () => {
    const policy = await activePolicy();
    const before = await storedFileCount();
    const badAmount = await payWithReceipt(policy.id, { ...fields, amount: '12.345' }, { content: sampleFiles.png() });
    expect(badAmount.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(badAmount).details[0]!.field).toBe('amount');
    const future = await payWithReceipt(policy.id, { ...fields, receivedOn: '2027-04-01' }, { content: sampleFiles.jpeg() });
    expect(future.statusCode).toBe(400);
    expect(json<{ details: Array<{ field: string }> }>(future).details[0]!.field).toBe('receivedOn');
    const stale = await payWithReceipt(policy.id, fields, { content: sampleFiles.pdf() }, agent, { 'if-match': '"v999"' });
    expect(stale.statusCode).toBe(412);
    expect(await storedFileCount()).toBe(before);
  });

  it('401 without a session, 403 for a role that does not record payments, 404 for another branch (before the file is read)', async () => {
    const policy = await activePolicy();
    const before = await storedFileCount();
    const body = multipartForm(fields, { field: 'receipt', content: sampleFiles.pdf() });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/payments`, headers: body.headers, payload: body.payload })).statusCode).toBe(401);
    expect((await payWithReceipt(policy.id, fields, { content: sampleFiles.pdf() }, approver)).statusCode).toBe(403);
    expect((await payWithReceipt(policy.id, fields, { content: sampleFiles.pdf() }, otherBranchAgent)).statusCode).toBe(404);
    expect(await storedFileCount()).toBe(before);
  });
});
