import { describe, expect, it } from 'vitest';
import { claimDetailSchema, claimSummarySchema, type Policy } from '@portal/domain';
import { json } from '../../test/app';
import { activePolicy, call, fieldsOf, openCase, useClaimsContext, users } from './claims.test-helpers';

// Opening a case from the expediente (issue 33): the rent claimed by default is the months En
// mora; the responsible person must be able to work the branch's cases.
useClaimsContext();

describe('POST /api/policy/{id}/claims', () => {
  it('opens a case from staff claiming the months En mora when no amount is given', async () => {
    const policy = await activePolicy();
    const response = await call('POST', `/api/policy/${policy.id}/claims`, users.agent.token, { type: 'non_payment', description: 'El inquilino no ha pagado desde diciembre' });
    expect(response.statusCode, response.body).toBe(201);
    const detail = claimDetailSchema.strict().parse(json(response));
    expect(response.headers.etag).toBe('"v1"');
    expect(detail).toMatchObject({
      number: `INC-${String(detail.id).padStart(5, '0')}`,
      policyId: policy.id,
      source: 'staff',
      status: 'open',
      stage: 'report',
      stageLabel: 'Reporte',
      type: 'non_payment',
      rentClaimed: '74000.00',
      servicesClaimed: '0.00',
      damagesClaimed: '0.00',
      amountClaimed: '74000.00',
      assignee: null,
      version: 1,
      ownerNextStep: expect.stringContaining('Recibimos su reporte'),
    });
    expect(detail.arrearsMonths).toEqual([
      { period: '2026-12', amount: '18500.00' },
      { period: '2027-01', amount: '18500.00' },
      { period: '2027-02', amount: '18500.00' },
      { period: '2027-03', amount: '18500.00' },
    ]);
    expect(detail.events).toMatchObject([{ fromStage: null, toStage: 'report', note: 'Incidencia abierta', actor: 'Ana Pérez', ownerNotified: false }]);
    expect(detail.people.map((person) => person.party)).toEqual(expect.arrayContaining(['tenant', 'owner']));
  });

  it('takes the amounts given (rent, services, damages) and a lawyer of the branch as responsible', async () => {
    const policy = await activePolicy();
    const detail = await openCase(policy.id, { type: 'non_payment', description: 'Adeudo parcial', amountClaimed: '5,000.50', servicesClaimed: '1200', damagesClaimed: 0, assigneeId: users.lawyer.id });
    expect(detail).toMatchObject({ rentClaimed: '5000.50', servicesClaimed: '1200.00', damagesClaimed: '0.00', amountClaimed: '6200.50', assignee: { id: users.lawyer.id, name: 'Ana Pérez' } });
    // The months in arrears are kept as evidence even when the amount claimed is another.
    expect(detail.arrearsMonths).toHaveLength(4);
    // An admin of any branch may be responsible; a lawyer opens cases too.
    const byLawyer = await openCase(policy.id, { type: 'misuse', description: 'Uso como bodega', assigneeId: users.admin.id }, users.lawyer.token);
    expect(byLawyer.assignee?.id).toBe(users.admin.id);
  });

  it('answers 400 naming the field', async () => {
    const policy = await activePolicy();
    const url = `/api/policy/${policy.id}/claims`;
    const valid = { type: 'property_damage', description: 'Daños' };
    expect(fieldsOf(await call('POST', url, users.agent.token, { ...valid, type: 'robo' }))).toContain('type');
    expect(fieldsOf(await call('POST', url, users.agent.token, { type: 'other' }))).toContain('description');
    expect(fieldsOf(await call('POST', url, users.agent.token, { ...valid, amountClaimed: '-5' }))).toContain('amountClaimed');
    expect(fieldsOf(await call('POST', url, users.agent.token, { ...valid, damagesClaimed: '10.505' }))).toContain('damagesClaimed');
    // Another branch's user, an approver (who cannot work cases) and an unknown user cannot be responsible.
    for (const assigneeId of [users.otherBranchAgent.id, users.approver.id, 999_999]) {
      expect(fieldsOf(await call('POST', url, users.agent.token, { ...valid, assigneeId }))).toEqual(['assigneeId']);
    }
    // Missed rent with nothing En mora: the amount must be given.
    const current = await activePolicy({ start: '2027-03-08' });
    const noArrears = await call('POST', `/api/policy/${current.id}/claims`, users.agent.token, { type: 'non_payment', description: 'Aviso anticipado' });
    expect(fieldsOf(noArrears)).toEqual(['amountClaimed']);
  });

  it('answers 401 without a session, 403 to an approver, 404 for another branch, 409 for a cancelled policy', async () => {
    const policy = await activePolicy();
    const body = { type: 'other', description: 'Otro' };
    const url = `/api/policy/${policy.id}/claims`;
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await call('POST', url, users.approver.token, body)).statusCode).toBe(403);
    expect((await call('POST', url, users.otherBranchAgent.token, body)).statusCode).toBe(404);
    expect((await call('POST', '/api/policy/999999/claims', users.agent.token, body)).statusCode).toBe(404);
    const cancelled = await activePolicy({ status: 'cancelled' });
    const refused = await call('POST', `/api/policy/${cancelled.id}/claims`, users.agent.token, body);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('La póliza está cancelada: no admite incidencias');
  });
});

describe('reading cases', () => {
  let policy: Policy;
  it("lists the policy's cases, newest first, to every role of its branch", async () => {
    policy = await activePolicy();
    const first = await openCase(policy.id);
    const second = await openCase(policy.id, { type: 'subletting', description: 'Subarrienda un cuarto' });
    const response = await call('GET', `/api/policy/${policy.id}/claims`, users.approver.token);
    expect(response.statusCode).toBe(200);
    const rows = json<unknown[]>(response).map((row) => claimSummarySchema.strict().parse(row));
    expect(rows.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(rows[0]).toMatchObject({ type: 'subletting', policyFolio: policy.policyNumber, branchName: expect.stringMatching(/Polanco/), daysOpen: 0, nextDeadline: null });
    expect((await call('GET', `/api/policy/${policy.id}/claims`, users.otherBranchAgent.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/policy/${policy.id}/claims`)).statusCode).toBe(401);
  });

  it('reads one case with its ETag; another branch or an unknown case is 404', async () => {
    const opened = await openCase(policy.id);
    const response = await call('GET', `/api/claims/${opened.id}`, users.approver.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"v1"');
    expect(claimDetailSchema.strict().parse(json(response))).toEqual(opened);
    expect((await call('GET', `/api/claims/${opened.id}`, users.otherBranchAgent.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/claims/${opened.id}`, users.admin.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/claims/999999', users.agent.token)).statusCode).toBe(404);
    expect(fieldsOf(await call('GET', '/api/claims/abc', users.agent.token))).toEqual(['id']);
    expect((await call('GET', `/api/claims/${opened.id}`)).statusCode).toBe(401);
  });
});
