import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { claimEvents, claims } from '../../db/schema/index';
import { activePolicy, answer, db, tokenForMonth, useConfirmationContext } from './rent-confirmations.test-helpers';

// Issue 33: the owner's 'No' on a rent confirmation opens the office's case of missed rent (a
// draft the agent reviews), or adds to the one the policy already has open.
useConfirmationContext();

const claimsOf = (policyId: number) => db().select().from(claims).where(eq(claims.policyId, policyId)).orderBy(asc(claims.id));
const eventsOf = (claimId: number) => db().select().from(claimEvents).where(eq(claimEvents.claimId, claimId)).orderBy(asc(claimEvents.id));

describe("the owner's 'No' and the incidencias", () => {
  it('opens a draft case of missed rent: the months in arrears claimed, reported by the owner by link', async () => {
    const policy = await activePolicy();
    const response = await answer(await tokenForMonth(policy), { answer: 'none' });
    expect(response.statusCode, response.body).toBe(200);
    const [claim, ...more] = await claimsOf(policy.id);
    expect(more).toEqual([]);
    const owner = policy.property.owner.name;
    expect(claim).toMatchObject({
      type: 'non_payment',
      status: 'draft',
      stage: 'report',
      source: 'rent_confirmation',
      description: 'El propietario informó que no recibió la renta de diciembre 2026',
      reportedBy: `${owner} (propietario, por enlace)`,
      rentClaimed: '18500.00',
      arrearsMonths: [{ period: '2026-12', amountCents: 1_850_000 }],
      createdBy: null,
    });
    expect(await eventsOf(claim!.id)).toEqual([expect.objectContaining({ toStage: 'report', userId: null, actorLabel: `${owner} (propietario, por enlace)` })]);
  });

  it("a second 'No' while that case is not closed adds a line to it instead of a second case", async () => {
    const policy = await activePolicy();
    expect((await answer(await tokenForMonth(policy, 0), { answer: 'none' })).statusCode).toBe(200);
    expect((await answer(await tokenForMonth(policy, 1), { answer: 'none' })).statusCode).toBe(200);
    const [claim, ...more] = await claimsOf(policy.id);
    expect(more).toEqual([]);
    const events = await eventsOf(claim!.id);
    expect(events.map((event) => [event.fromStage, event.toStage, event.note])).toEqual([
      [null, 'report', 'Reportada desde fuera de la oficina: por revisar'],
      [null, null, 'El propietario informó que no recibió la renta de enero 2027'],
    ]);
    expect(events[1]!.actorLabel).toContain('(propietario, por enlace)');
  });

  it('a closed case of missed rent, or an open case of another type, does not take it: a new draft is opened', async () => {
    const policy = await activePolicy();
    expect((await answer(await tokenForMonth(policy, 0), { answer: 'none' })).statusCode).toBe(200);
    const [first] = await claimsOf(policy.id);
    await db().update(claims).set({ status: 'closed', stage: 'closed', result: 'paid', closedAt: new Date() }).where(eq(claims.id, first!.id));
    await db().insert(claims).values({ policyId: policy.id, type: 'property_damage', status: 'open', description: 'Ventana rota' });
    expect((await answer(await tokenForMonth(policy, 1), { answer: 'none' })).statusCode).toBe(200);
    const all = await claimsOf(policy.id);
    expect(all.map((claim) => [claim.type, claim.status])).toEqual([
      ['non_payment', 'closed'],
      ['property_damage', 'open'],
      ['non_payment', 'draft'],
    ]);
    // The new one claims both months now En mora.
    expect(all[2]).toMatchObject({ description: 'El propietario informó que no recibió la renta de enero 2027', rentClaimed: '37000.00' });
  });

  it("'Sí' and 'partial' open no case", async () => {
    const policy = await activePolicy();
    expect((await answer(await tokenForMonth(policy, 0), { answer: 'full' })).statusCode).toBe(200);
    expect((await answer(await tokenForMonth(policy, 1), { answer: 'partial', amount: '100' })).statusCode).toBe(200);
    expect(await claimsOf(policy.id)).toEqual([]);
  });
});
