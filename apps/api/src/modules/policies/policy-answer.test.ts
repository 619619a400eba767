import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policySchema, versionETag, type Policy } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { loadPolicies } from './repository/read';
import { bearer, createTestContext, signInAs, type TestContext } from '../../test/app';

/**
 * One policy's answer (GET /api/policy/unique/{id}, POST /api/policy's 201) is JSON built by
 * PostgreSQL in one statement (policy-json.ts, issue 30). It must stay, byte for byte, what the
 * route's serializer wrote before: JSON.stringify of the schema's pass over the policy read whole
 * (`loadPolicies`), with texts that need escaping, money with cents, a vehicle, a guarantee
 * address, several tenants and guarantors, none, and blank dates.
 */

let ctx: TestContext;
let agent: { id: number; token: string };
const createdBodies: string[] = [];

/** What the serializer of `policySchema` writes for the policy as the repository reads it. */
async function serializerText(id: number): Promise<string> {
  const [policy] = await loadPolicies(ctx.testDb.database.db, { id });
  return JSON.stringify(policySchema.parse(policy));
}

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await signInAs(ctx, 'agent', 1);
  const base = examplePolicyInput();
  const inputs = [
    base,
    examplePolicyInput({
      policyType: 'plusAuto',
      tenants: [{ ...exampleTenant('Ana "La Güera" O\'Hara \\ Núñez'), monthlyIncome: '18250.75' }, exampleTenant('Zoë\tJosé 😀 Ñandú')],
      guarantors: [
        { ...exampleGuarantor('Jesús Ángel <Peña> & Hijos'), vehicle: { brand: 'Kia', model: 'Rio', year: '2019', color: 'Rojo', licensePlate: 'XYZ-987-A' } },
        { ...exampleGuarantor('Segundo Aval'), vehicle: { brand: 'Nissan', model: 'Versa', year: '', color: '', licensePlate: 'ABC-1' } },
      ],
      termMonths: 12,
      property: {
        ...base.property,
        owner: { ...base.property.owner, name: 'Dueña / "Propietaria" Ü' },
        address: { ...base.property.address, street: 'Av. "Insurgentes" Sur \\ 1', colony: 'Del Valle' },
        rent: { ...base.property.rent, price: '18500.50', deposit: '' },
      },
    }),
    examplePolicyInput({
      policyType: 'plus',
      guarantors: [
        {
          ...exampleGuarantor('Aval con Garantía'),
          sameAddressAsGuarantee: false,
          guaranteeAddress: { street: 'Av. Juárez', exteriorNumber: '10', interiorNumber: 'B', colony: 'Centro', municipality: 'Cuauhtémoc', state: 'Ciudad de México', zipCode: '06000' },
        },
      ],
    }),
    examplePolicyInput({
      property: { ...base.property, rent: { ...base.property.rent, propertyDeliveryDate: '', contractStartDate: '' } },
    }),
  ];
  for (const input of inputs) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent.token), payload: input });
    if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
    createdBodies.push(response.body);
  }
});

afterAll(() => ctx.close());

describe('one policy as PostgreSQL writes it', () => {
  it('answers a create with the serializer’s text of the new policy', async () => {
    for (const body of createdBodies) expect(body).toBe(await serializerText((JSON.parse(body) as Policy).id));
  });

  it('answers GET /api/policy/unique/{id} with the serializer’s text and the version’s ETag', async () => {
    for (const created of createdBodies) {
      const { id, version } = JSON.parse(created) as Policy;
      const response = await ctx.app.inject({ url: `/api/policy/unique/${id}`, headers: bearer(agent.token) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.etag).toBe(versionETag(version));
      expect(response.body).toBe(await serializerText(id));
    }
  });
});
