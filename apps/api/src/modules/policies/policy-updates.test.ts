import { describe, expect, it } from 'vitest';
import type { Policy } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { signInAs, json } from '../../test/app';
import { adminToken, asBody, counts, ctx, get, polancoAgent, post, santaFeAgent, setUpPolicyTests } from './policies.test-helpers';
import { newPolicy } from '../../test/policies';

setUpPolicyTests();

describe('POST /api/policy/update/{id} with the whole form', () => {
  it('replaces the children: kept ones keep their id, removed ones are gone with what hangs from them', async () => {
    const created = await newPolicy(ctx, {
      token: polancoAgent.token,
      overrides: {
        policyType: 'plusAuto',
        tenants: [exampleTenant('Primer Inquilino'), exampleTenant('Segundo Inquilino')],
        guarantors: [{ ...exampleGuarantor('Aval Con Auto'), vehicle: { brand: 'Kia', model: 'Rio', year: '2020', color: 'Rojo', licensePlate: 'XYZ-1' } }],
      },
      via: 'admin-jump',
    });
    const before = await counts();
    const [first] = created.tenants;
    const body = asBody(created, {
      policyType: 'basica',
      tenants: [{ ...first!, name: 'Primer Inquilino Editado', references: [] }, exampleTenant('Tercer Inquilino')],
    });
    const response = await post(`/api/policy/update/${created.id}`, polancoAgent.token, body);
    expect(response.statusCode).toBe(200);
    const updated = json<Policy>(response);
    expect(updated.tenants.map((tenant) => tenant.name)).toEqual(['Primer Inquilino Editado', 'Tercer Inquilino']);
    expect(updated.tenants[0]!.id).toBe(first!.id);
    expect(updated.tenants[0]!.references).toEqual([]);
    expect(updated).toMatchObject({ policyType: 'basica', guarantorRequired: false, guarantors: [], guarantorNames: '' });

    const after = await counts();
    expect(after.tenants).toBe(before.tenants);
    expect(after.guarantors).toBe(before.guarantors - 1);
    expect(after.guarantor_vehicles).toBe(before.guarantor_vehicles - 1);
    // The removed tenant's reference and the edited one's: the new tenant brings one.
    expect(after.tenant_references).toBe(before.tenant_references - 1);
    expect(after.properties).toBe(before.properties);
    expect(after.rents).toBe(before.rents);

    const [event] = json<Array<{ changes: string[]; fromStatus: string; toStatus: string }>>(
      await get(`/api/policy/${created.id}/events`, polancoAgent.token),
    );
    expect(event).toMatchObject({ fromStatus: 'created', toStatus: 'created' });
    expect(event!.changes).toEqual(['Datos generales', 'Inquilinos', 'Avales']);
  });

  it('lets a manager set any status from the form, the jump marked in the history with the user', async () => {
    const manager = await signInAs(ctx, 'manager', 1);
    const created = await newPolicy(ctx, { token: polancoAgent.token, via: 'admin-jump' });
    const response = await post(`/api/policy/update/${created.id}`, manager.token, asBody(created, { status: 'active', specialnote: 'Firmada en papel' }));
    expect(response.statusCode).toBe(200);
    expect(json(response).status).toBe('active');
    const events = json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      ['created', 'active'],
      [null, 'created'],
    ]);
    expect(events[0]).toMatchObject({ userId: manager.id, userName: 'Ana Pérez', changes: ['Salto de estatus', 'Datos generales'] });
    // An admin may too.
    const back = await post(`/api/policy/update/${created.id}`, adminToken, asBody(created, { status: 'expired' }));
    expect(back.statusCode).toBe(200);
  });

  it('refuses a status jump by an agent or an approver (403, Spanish, naming the field) and changes nothing', async () => {
    const approver = await signInAs(ctx, 'approver', 1);
    const created = await newPolicy(ctx, { token: polancoAgent.token, via: 'admin-jump' });
    for (const token of [polancoAgent.token, approver.token]) {
      const response = await post(`/api/policy/update/${created.id}`, token, asBody(created, { status: 'active', policyNumber: 'P-1' }));
      const message = 'Solo un gerente o administrador puede cambiar el estatus de «Creada» a «Activa» desde el formulario';
      expect(json(response)).toMatchObject({ statusCode: 403, message, details: [{ field: 'status', message }] });
    }
    expect(json(await get(`/api/policy/unique/${created.id}`, polancoAgent.token))).toEqual(created);
    expect(json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token))).toHaveLength(1);
  });

  it("lets an agent save the form keeping the status, or following one of the row menu's transitions", async () => {
    const created = await newPolicy(ctx, { token: polancoAgent.token, overrides: { status: 'contracts' }, via: 'admin-jump' });
    const kept = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { specialnote: 'Sin cambios de estatus' }));
    expect(kept.statusCode).toBe(200);
    const moved = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { status: 'signature', specialnote: 'Sin cambios de estatus' }));
    expect(moved.statusCode).toBe(200);
    const [event] = json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token));
    expect(event).toMatchObject({ fromStatus: 'contracts', toStatus: 'signature', changes: [] });
  });

  it('records no event for a save that changes nothing, and ignores a non-admin’s branchId', async () => {
    const created = await newPolicy(ctx, { token: polancoAgent.token, via: 'admin-jump' });
    const response = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { branchId: 2 }));
    expect(response.statusCode).toBe(200);
    expect(json(response).branchId).toBe(1);
    expect(json<any[]>(await get(`/api/policy/${created.id}/events`, polancoAgent.token))).toHaveLength(1);
  });

  it('answers 400 for invalid input and leaves the policy as it was', async () => {
    const created = await newPolicy(ctx, { token: polancoAgent.token, via: 'admin-jump' });
    const response = await post(`/api/policy/update/${created.id}`, polancoAgent.token, asBody(created, { policyType: 'plus', tenants: [] }));
    expect(response.statusCode).toBe(400);
    expect(json(response).details).toEqual(
      expect.arrayContaining([{ field: 'tenants', message: 'Agregue al menos un inquilino' }, expect.objectContaining({ field: 'guarantors' })]),
    );
    expect(json(await get(`/api/policy/unique/${created.id}`, polancoAgent.token))).toEqual(created);
  });

  it('answers 404 for another branch’s policy, and leaves it alone', async () => {
    const theirs = await newPolicy(ctx, { token: santaFeAgent.token, via: 'admin-jump' });
    const response = await post(`/api/policy/update/${theirs.id}`, polancoAgent.token, asBody(theirs, { policyNumber: 'X' }));
    expect(response.statusCode).toBe(404);
    expect(json(await get(`/api/policy/unique/${theirs.id}`, santaFeAgent.token)).policyNumber).toBe('');
    expect((await get(`/api/policy/${theirs.id}/events`, polancoAgent.token)).statusCode).toBe(404);
  });
});

describe('POST /api/policy/update/{id} with a status change', () => {
  const change = (id: number, status: string, token = polancoAgent.token) =>
    post(`/api/policy/update/${id}`, token, { status, userId: 1, branchId: '1' });

  it('walks the row menu’s transitions to active, each one an event', async () => {
    // Created approved: a manager's jump (an agent's policy would get there by an admin's form save).
    const manager = await signInAs(ctx, 'manager', 1);
    const policy = json<Policy>(await post('/api/policy', manager.token, examplePolicyInput({ status: 'investigation_approved' })));
    for (const status of ['contracts', 'signature', 'active']) {
      const response = await change(policy.id, status);
      expect(response.statusCode, status).toBe(200);
      expect(json(response).status).toBe(status);
    }
    const events = json<any[]>(await get(`/api/policy/${policy.id}/events`, polancoAgent.token));
    expect(events.map((event) => `${event.fromStatus}→${event.toStatus}`)).toEqual([
      'signature→active',
      'contracts→signature',
      'investigation_approved→contracts',
      'null→investigation_approved',
    ]);
  });

  it('answers 409 for a transition the row menu does not offer, and changes nothing', async () => {
    const policy = await newPolicy(ctx, { token: polancoAgent.token, via: 'admin-jump' });
    const before = await counts();
    const response = await change(policy.id, 'active');
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('No se puede cambiar una póliza de «Creada» a «Activa»');
    expect(await counts()).toEqual(before);
    expect(json(await get(`/api/policy/unique/${policy.id}`, polancoAgent.token)).status).toBe('created');
  });

  it('answers 400 for an unknown status, 404 for another branch’s policy', async () => {
    const policy = await newPolicy(ctx, { token: polancoAgent.token, overrides: { status: 'signature' }, via: 'admin-jump' });
    const bad = await change(policy.id, 'archivada');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).details).toContainEqual({ field: 'status', message: 'El estatus de la póliza no es válido' });
    expect((await change(policy.id, 'cancelled', santaFeAgent.token)).statusCode).toBe(404);
    expect((await change(policy.id, 'cancelled', adminToken)).statusCode).toBe(200);
  });
});
