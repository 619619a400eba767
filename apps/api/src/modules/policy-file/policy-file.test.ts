import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyFileSchema, type Appointment, type Policy, type PolicyFile } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput } from '@portal/domain/testing';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { multipartFile, sampleFiles } from '../../test/files';

let ctx: TestContext;
let admin: string;
let agent: string;
let manager: string;
let approver: string;
let santaFeAgent: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
  [agent, manager, approver, santaFeAgent] = await Promise.all([
    tokenFor(ctx, 'agent', 1),
    tokenFor(ctx, 'manager', 1),
    tokenFor(ctx, 'approver', 1),
    tokenFor(ctx, 'agent', 2),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
const post = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function upload(folio: string, documentType: string, identificationType?: string) {
  const { payload, headers } = multipartFile(sampleFiles.pdf(), 'documento.pdf');
  const suffix = identificationType ? `/${identificationType}` : '';
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/files/upload/${encodeURIComponent(folio)}/${documentType}${suffix}`,
    headers: { ...bearer(agent), ...headers },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function fileOf(policy: Pick<Policy, 'id'>, token = agent): Promise<PolicyFile> {
  const response = await get(`/api/policy/${policy.id}/file`, token);
  expect(response.statusCode, response.body).toBe(200);
  // The strict schema: nothing missing, nothing of another shape.
  return policyFileSchema.strict().parse(json(response));
}

describe('GET /api/policy/{id}/file', () => {
  it("answers the branch's and agent's names, the checklist, the addendums and the appointments", async () => {
    const policy = await newPolicy(ctx, { token: agent });
    await upload(policy.investigationId, 'tenantId', 'ineSeparada');
    await upload(policy.investigationId, 'incomeProof');
    await upload(policy.investigationId, 'incomeProof2');
    // A manager's form may set any status (decision 010): active, so an addendum can be written for it.
    expect((await post(`/api/policy/update/${policy.id}`, manager, examplePolicyInput({ status: 'active' }))).statusCode).toBe(200);
    const addendum = await post('/api/addendum', agent, { policyId: policy.id, description: 'Incremento de renta', amount: '1200', startDate: '2026-12-01', endDate: '2027-11-30' });
    expect(addendum.statusCode, addendum.body).toBe(201);
    const appointment = await post('/api/appo', agent, {
      title: 'Firma de contrato',
      date: '2026-12-03',
      startTime: '10:00',
      endTime: '11:00',
      location: 'Sucursal Polanco',
      type: 'signature',
      policyId: policy.id,
    });
    expect(appointment.statusCode, appointment.body).toBe(201);
    // Another policy's appointment is not this one's.
    await post('/api/appo', agent, { title: 'Otra', date: '2026-12-04', startTime: '10:00', endTime: '11:00', location: 'Polanco', type: 'other' });

    const file = await fileOf(policy);

    expect(file.policyId).toBe(policy.id);
    expect(file.branch).toEqual({ id: 1, name: 'Sucursal Polanco' });
    expect(file.agent).toEqual({ id: policy.userId, name: 'Ana Pérez' });
    expect(file.checklist.map(({ slot, expected, present }) => [slot, present, expected])).toEqual([
      ['tenantId', 1, 1],
      // Stored as 'INE separada': its back side is asked for too, and is missing.
      ['tenantIdBack', 0, 1],
      ['incomeProof', 2, 3],
      ['employmentLetter', 0, 1],
      ['utilities', 0, 1],
      ['ownerId', 0, 1],
    ]);
    expect(file.checklist[3]).toMatchObject({ label: 'Carta Laboral', hint: 'En hoja membretada, con antigüedad y puesto' });
    expect(file.addendums.map((item) => item.description)).toEqual(['Incremento de renta']);
    expect(file.appointments.map((item: Appointment) => [item.title, item.policyId])).toEqual([['Firma de contrato', policy.id]]);
  });

  it('lists a Plus policy with a guarantor its guarantor papers instead of the letter and the proof of address', async () => {
    const policy = await newPolicy(ctx, { token: agent, overrides: { policyType: 'plus', guarantors: [exampleGuarantor('Jorge Aval')] } });
    const file = await fileOf(policy);
    expect(file.checklist.map((item) => item.slot)).toEqual(['tenantId', 'incomeProof', 'guarantorId', 'guarantorDeed', 'ownerId']);
    expect(file.checklist.every((item) => item.present === 0)).toBe(true);
    expect(file).toMatchObject({ addendums: [], appointments: [] });
  });

  it('is read by every role of the branch (as the policy is) and by an admin', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    for (const token of [manager, approver, admin]) expect((await fileOf(policy, token)).policyId).toBe(policy.id);
  });

  it("answers 404 for another branch's policy, as for one that does not exist", async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const response = await get(`/api/policy/${policy.id}/file`, santaFeAgent);
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ message: 'Póliza no encontrada' });
    expect((await get('/api/policy/2147483000/file', agent)).statusCode).toBe(404);
  });

  it('answers 400 in Spanish, naming the field, to an id that is not one', async () => {
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const response = await get(`/api/policy/${id}/file`, agent);
      expect(response.statusCode, id).toBe(400);
      expect(json(response)).toMatchObject({ message: 'id: El identificador no es válido', details: [{ field: 'id', message: 'El identificador no es válido' }] });
    }
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await get('/api/policy/1/file')).statusCode).toBe(401);
    expect((await get('/api/policy/1/file', 'not-a-token')).statusCode).toBe(401);
  });
});
