import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimDetailSchema, type Policy } from '@portal/domain';
import { createTestContext, tokenFor, type TestContext } from '../../test/app';
import { newPolicy, rentOverrides } from '../../test/policies';
import { openClaim } from './service/open';
import { readClaimDetail } from './service/read';
import { moveClaimStage } from './service/stage';
import { findClaim } from './repository/claims';

// The foundation's services on a real database (issue 33): opening a case takes the months En
// mora, the detail reads in the branch's scope, a stage change writes its event.
const NOW = new Date('2027-03-10T18:00:00Z');
let ctx: TestContext;
let agent: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  agent = await tokenFor(ctx, 'agent', 1);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

async function activePolicy(): Promise<Policy> {
  const base = rentOverrides({ contractStartDate: '2026-12-01', gracePeriod: '5', price: '18500', deposit: '18500' });
  return newPolicy(ctx, { token: agent, overrides: { ...base, status: 'active', policyNumber: `POL-${Date.now()}` }, via: 'admin-jump' });
}

const actorIn = (branchId: number) => ({ id: 1, email: 'a@portal.test', role: 'agent' as const, branchId });

describe('claims foundation', () => {
  it('opens, reads in scope only, and moves a stage with its event', async () => {
    const policy = await activePolicy();
    const id = await ctx.app.db.transaction((tx) => openClaim(tx, { policyId: policy.id, type: 'property_damage', description: 'Ventana rota', source: 'staff', status: 'open', damagesCents: 120_050 }, { userId: null, label: 'Sistema' }));
    const detail = claimDetailSchema.strict().parse(await readClaimDetail(ctx.app.db, actorIn(1), id, NOW));
    expect(detail).toMatchObject({ number: `INC-${String(id).padStart(5, '0')}`, stage: 'report', stageLabel: 'Reporte', status: 'open', damagesClaimed: '1200.50', policyId: policy.id });
    expect(detail.events).toHaveLength(1);
    expect(detail.people.map((person) => person.party)).toContain('owner');
    // The form's order: tenants, obligados solidarios, then the owner, each reached by mobile else landline.
    expect(detail.people[0]).toMatchObject({ party: 'tenant', name: policy.tenants[0]!.name, phone: policy.tenants[0]!.mobile || policy.tenants[0]!.phone });
    expect(detail.people.at(-1)).toMatchObject({ party: 'owner', name: policy.property.owner.name, email: policy.property.owner.email });
    await expect(readClaimDetail(ctx.app.db, actorIn(2), id, NOW)).rejects.toMatchObject({ statusCode: 404 });

    await ctx.app.db.transaction(async (tx) => {
      const claim = (await findClaim(tx, id, { branchId: 1 }, true))!;
      expect(await moveClaimStage(tx, claim, { stage: 'closed', note: '', result: 'withdrawn' }, { userId: null, label: 'Sistema' }, NOW)).toBe(true);
    });
    const closed = await readClaimDetail(ctx.app.db, actorIn(1), id, NOW);
    expect(closed).toMatchObject({ status: 'closed', stage: 'closed', result: 'withdrawn', version: 2 });
    expect(closed.events[0]).toMatchObject({ fromStage: 'report', toStage: 'closed', actor: 'Sistema' });
    await ctx.app.db.transaction(async (tx) => {
      const claim = (await findClaim(tx, id, { branchId: 1 }, true))!;
      await expect(moveClaimStage(tx, claim, { stage: 'extrajudicial', note: '' }, { userId: null, label: 'Sistema' }, NOW)).rejects.toMatchObject({ statusCode: 400 });
    });
  });
});
