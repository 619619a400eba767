import { describe, expect, it } from 'vitest';
import { examplePolicyInput } from '@portal/domain/testing';
import { json, login } from '../../test/app';
import { newPolicy, policyInContracts } from '../../test/policies';
import { activePolicy, call, ctx, openCase, useClaimsContext, users, write } from './claims.test-helpers';

// The role 'lawyer' (Abogado, issue 33): reads the policies of their branch and works the
// incidencias, and gains no power over the rest — approving investigations, the policies' data,
// payments, leads, users, templates.
useClaimsContext();

describe("the role 'lawyer'", () => {
  it('is a role an admin gives when creating a user, who then signs in', async () => {
    const email = `abogada.${Date.now()}@despacho.mx`;
    const created = await call('POST', '/api/users', users.admin.token, {
      email,
      firstName: 'Laura',
      lastName: 'Mendoza',
      role: 'lawyer',
      branchId: 1,
      phone: '55 1234 5678',
      mobile: '55 8765 4321',
      password: 'Segura-123',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(json(created)).toMatchObject({ email, role: 'lawyer', branchId: 1 });
    const listed = json<Array<{ email: string }>>(await call('GET', '/api/users?role=lawyer', users.admin.token));
    expect(listed.map((user) => user.email)).toContain(email);
    const session = await login(ctx.app, email, 'Segura-123');
    expect(json(await call('GET', '/api/auth/me', session.token))).toMatchObject({ role: 'lawyer' });
  });

  it("reads the branch's policies, their expediente, rents, contracts and links — not another branch's", async () => {
    const policy = await activePolicy();
    const reads = [
      `/api/policy/unique/${policy.id}`,
      '/api/policy/search',
      `/api/policy/${policy.id}/events`,
      `/api/policy/${policy.id}/file`,
      `/api/policy/${policy.id}/rents`,
      `/api/policy/${policy.id}/contracts`,
      `/api/policy/${policy.id}/links`,
      `/api/policy/${policy.id}/move-out`,
      `/api/leads/of-policy/${policy.id}`,
      '/api/rents/arrears',
      '/api/claims',
      '/api/appo',
    ];
    for (const url of reads) {
      const response = await call('GET', url, users.lawyer.token);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const other = await activePolicy({ token: users.otherBranchAgent.token });
    expect((await call('GET', `/api/policy/unique/${other.id}`, users.lawyer.token)).statusCode).toBe(404);
  });

  it('works the incidencias of the branch', async () => {
    const policy = await activePolicy();
    const opened = await openCase(policy.id, { type: 'non_payment', description: 'Tres meses', assigneeId: users.lawyer.id }, users.lawyer.token);
    const moved = await write('POST', `/api/claims/${opened.id}/stage`, { stage: 'lawsuit', note: 'Presentamos la demanda' }, users.lawyer.token);
    expect(moved.events[0]).toMatchObject({ toStage: 'lawsuit', actor: 'Ana Pérez' });
  });

  it("is refused (403) the policies' data, investigations, payments, addendums, the acta, leads and administration", async () => {
    const policy = await activePolicy();
    const created = await newPolicy(ctx, { token: users.agent.token, overrides: { status: 'created' } });
    const refused: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['POST', '/api/policy', examplePolicyInput()],
      ['POST', `/api/policy/update/${policy.id}`, { status: 'cancelled' }],
      ['POST', `/api/policy/${policy.id}/contracts`],
      ['POST', `/api/files/upload/${created.investigationId}/utilities`],
      ['POST', `/api/policy/approve/${created.investigationId}`, {}],
      ['POST', `/api/policy/reject/${created.investigationId}`, {}],
      ['POST', `/api/policy/${policy.id}/links`, { party: 'tenant', partyIndex: 0 }],
      ['POST', `/api/policy/${policy.id}/payments`, { amount: '18500', receivedOn: '2027-03-10', method: 'transfer' }],
      ['POST', '/api/addendum', { policyId: policy.id, description: 'Cambio de renta', amount: '1000', startDate: '2027-04-01', endDate: '2027-12-01' }],
      ['PUT', `/api/policy/${policy.id}/move-out`, {}],
      ['GET', '/api/leads'],
      ['POST', '/api/leads', {}],
      ['GET', '/api/leads/1/whatsapp'],
      ['GET', `/api/policy/${policy.id}/access-log`],
      ['GET', '/api/users'],
      ['GET', '/api/admin/templates/lease'],
      ['PUT', '/api/admin/claim-stages', {}],
      ['POST', '/api/claims/movements/1/reverse', { reason: 'x' }],
    ];
    for (const [method, url, payload] of refused) {
      const response = await call(method, url, users.lawyer.token, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(json(response).message, `${method} ${url}`).toBe('No tiene permiso para realizar esta acción');
    }
    // Renewing and ending a policy are refused by their own rules.
    expect((await call('POST', `/api/policy/${policy.id}/terminate`, users.lawyer.token, { reason: 'Incumplimiento' })).statusCode).toBe(403);
  });

  it("is not offered the contracts' regeneration the agent is offered", async () => {
    const policy = await policyInContracts(ctx, { token: users.agent.token });
    expect(json(await call('GET', `/api/policy/${policy.id}/contracts`, users.agent.token)).canRegenerate).toBe(true);
    expect(json(await call('GET', `/api/policy/${policy.id}/contracts`, users.lawyer.token)).canRegenerate).toBe(false);
  });
});
