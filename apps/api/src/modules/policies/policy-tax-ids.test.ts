import { describe, expect, it } from 'vitest';
import { taxIdMessages, type Policy } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { bearer, json, signInAs } from '../../test/app';
import { adminToken, asBody, counts, ctx, get, plusPolicy, polancoAgent, post, santaFeAgent, setUpPolicyTests } from './policies.test-helpers';

/*
 * Issue 35: each tenant's, guarantor's and the owner's RFC and CURP, matched later against their
 * e.firma certificate. The schema checks their form and the CURP's check digit; the service checks
 * the RFC's date and check digit (@nodecfdi/rfc), naming each wrong one.
 */

setUpPolicyTests();

// Valid check digits (RFC: @nodecfdi/rfc; CURP: RENAPO's, through the `curp` package).
const maria = { rfc: 'LOHM850515K2A', curp: 'LOHM850515MDFPRR05' };
const zoe = { rfc: 'QUYZ900101AB6', curp: 'QUYZ900101MNLNBX07' };
const roberto = { rfc: 'GODE561231GR8', curp: '' };
/** Right form, wrong check digit (the valid one ends in 6). */
const wrongCheckDigit = 'QUYZ900101AB1';

function withTaxIds(people: { tenant?: object; guarantor?: object; owner?: object } = {}) {
  const body = examplePolicyInput({
    policyType: 'plus',
    tenants: [{ ...exampleTenant('María López Hernández'), ...maria, ...people.tenant }],
    guarantors: [{ ...exampleGuarantor('Zoé Quintanar Ybarra'), ...zoe, ...people.guarantor }],
  });
  return { ...body, property: { ...body.property, owner: { ...body.property.owner, ...roberto, ...people.owner } } };
}

const detailsOf = (response: Parameters<typeof json>[0]) => json<{ details: Array<{ field: string; message: string }> }>(response).details;

describe('RFC and CURP of the people on a policy', () => {
  it('stores and returns each person’s RFC and CURP, upper-cased', async () => {
    const response = await post('/api/policy', polancoAgent.token, withTaxIds({ tenant: { rfc: maria.rfc.toLowerCase(), curp: ` ${maria.curp.toLowerCase()} ` } }));
    expect(response.statusCode, response.body).toBe(201);
    const created = json<Policy>(response);
    expect(created.tenants[0]).toMatchObject(maria);
    expect(created.guarantors[0]).toMatchObject(zoe);
    expect(created.property.owner).toMatchObject(roberto);
    const read = await get(`/api/policy/unique/${created.id}`, polancoAgent.token);
    expect(json<Policy>(read).tenants[0]).toMatchObject(maria);
  });

  it('answers 400 naming every RFC whose check digit is wrong, and writes nothing', async () => {
    const before = await counts();
    const response = await post('/api/policy', polancoAgent.token, withTaxIds({ tenant: { rfc: wrongCheckDigit }, owner: { rfc: wrongCheckDigit } }));
    expect(response.statusCode).toBe(400);
    const message = taxIdMessages.rfc('RFC');
    expect(detailsOf(response)).toEqual([
      { field: 'tenants.0.rfc', message },
      { field: 'property.owner.rfc', message },
    ]);
    expect(json(response).message).toBe(`tenants.0.rfc: ${message}`);
    expect(await counts()).toEqual(before);
  });

  it('refuses an RFC of the wrong form, a generic RFC and a CURP whose check digit is wrong', async () => {
    const badForm = await post('/api/policy', polancoAgent.token, withTaxIds({ guarantor: { rfc: 'QUYZ-900101' } }));
    expect(badForm.statusCode).toBe(400);
    expect(detailsOf(badForm).map((detail) => detail.field)).toEqual(['guarantors.0.rfc']);
    // XAXX010101000 is SAT's 'público en general', never a person's own.
    const generic = await post('/api/policy', polancoAgent.token, withTaxIds({ owner: { rfc: 'XAXX010101000' } }));
    expect(generic.statusCode).toBe(400);
    expect(detailsOf(generic)).toEqual([{ field: 'property.owner.rfc', message: taxIdMessages.rfc('RFC') }]);
    const curp = await post('/api/policy', polancoAgent.token, withTaxIds({ tenant: { curp: 'LOHM850515MDFPRR04' } }));
    expect(curp.statusCode).toBe(400);
    expect(detailsOf(curp)).toEqual([{ field: 'tenants.0.curp', message: taxIdMessages.curp('CURP') }]);
  });

  it('leaves both optional: a person without them is saved as before', async () => {
    const response = await post('/api/policy', polancoAgent.token, plusPolicy(['Ana Ruiz'], ['Luis Mora']));
    expect(response.statusCode, response.body).toBe(201);
    expect(json<Policy>(response).tenants[0]).toMatchObject({ rfc: '', curp: '' });
  });

  it('checks them on update too: 400 naming the guarantor’s, the stored policy unchanged', async () => {
    const created = json<Policy>(await post('/api/policy', polancoAgent.token, withTaxIds()));
    const body = asBody(created);
    const update = await post(`/api/policy/update/${created.id}`, polancoAgent.token, { ...body, guarantors: [{ ...body.guarantors![0]!, rfc: wrongCheckDigit }] });
    expect(update.statusCode).toBe(400);
    expect(detailsOf(update)).toEqual([{ field: 'guarantors.0.rfc', message: taxIdMessages.rfc('RFC') }]);
    expect(json<Policy>(await get(`/api/policy/unique/${created.id}`, polancoAgent.token)).guarantors[0]).toMatchObject(zoe);

    const fixed = await post(`/api/policy/update/${created.id}`, polancoAgent.token, { ...body, guarantors: [{ ...body.guarantors![0]!, rfc: 'QUYZ900101X19' }] });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(json<Policy>(fixed).guarantors[0]!.rfc).toBe('QUYZ900101X19');
  });

  it('keeps the endpoint’s guards: no token 401, the lawyer 403, another branch’s policy 404, an admin may write any', async () => {
    const created = json<Policy>(await post('/api/policy', polancoAgent.token, withTaxIds()));
    const body = asBody(created);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/policy', payload: withTaxIds() })).statusCode).toBe(401);
    const lawyer = await signInAs(ctx, 'lawyer', 1);
    expect((await post(`/api/policy/update/${created.id}`, lawyer.token, body)).statusCode).toBe(403);
    expect((await post(`/api/policy/update/${created.id}`, santaFeAgent.token, body)).statusCode).toBe(404);
    const byAdmin = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${created.id}`, headers: bearer(adminToken), payload: { ...body, property: { ...body.property, owner: { ...body.property.owner, rfc: '' } } } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(json<Policy>(byAdmin).property.owner.rfc).toBe('');
  });
});
