import { describe, expect, it, vi } from 'vitest';
import { businessDate, claimOwnerLinkSchema, claimOwnerNextSteps, claimOwnerViewSchema, linkPurposeLabels, policyLinksSchema, type Policy } from '@portal/domain';
import { claimContacts, claimMovements, claimStageLabels } from '../../../db/schema/index';
import { bearer, json } from '../../../test/app';
import { findClaim, insertClaimEvent } from '../repository/claims';
import { openClaim } from '../service/open';
import { moveClaimStage } from '../service/stage';
import { activePolicy, claimsOf, ctx, daysLater, db, emailsTo, issueOwnerLink, NOW, ownerToken, ownerView, PUBLIC_URL, useOwnerContext, users } from './claims-owner.test-helpers';

// The owner's link (issue 33): made by staff, e-mailed, and the page that shows the policy's cases.
useOwnerContext();

/** A case staff opened and worked: what the owner must never read is written everywhere in it. */
async function workedCase(policy: Policy): Promise<number> {
  const staff = { userId: users.lawyer.id, label: '' };
  const id = await db().transaction((tx) =>
    openClaim(tx, { policyId: policy.id, type: 'property_damage', description: 'DESCRIPCION-INTERNA del daño', source: 'staff', status: 'open', damagesCents: 999_999, assigneeId: users.lawyer.id }, staff),
  );
  await db().transaction(async (tx) => {
    const claim = (await findClaim(tx, id, { branchId: 1 }, true))!;
    expect(await moveClaimStage(tx, claim, { stage: 'extrajudicial', note: 'NOTA-INTERNA: el inquilino miente' }, staff, NOW)).toBe(true);
    await insertClaimEvent(tx, { claimId: id, fromStage: null, toStage: null, note: 'OTRA-NOTA-INTERNA', userId: users.lawyer.id });
  });
  await db().insert(claimContacts).values({ claimId: id, channel: 'call', party: 'tenant', personName: 'Juan Deudor', at: NOW, result: 'RESULTADO-PRIVADO', createdBy: users.lawyer.id });
  await db().insert(claimMovements).values({ claimId: id, kind: 'lawyer_fees', amount: '4321.09', on: '2027-03-09', description: 'HONORARIOS-PRIVADOS', createdBy: users.lawyer.id });
  return id;
}

describe('POST /api/policy/{id}/claims/owner-link', () => {
  it("makes a 'claim_owner' link for the owner, shown once and e-mailed; it is listed with the policy's links", async () => {
    const policy = await activePolicy();
    const response = await issueOwnerLink(policy.id);
    expect(response.statusCode, response.body).toBe(201);
    const link = claimOwnerLinkSchema.strict().parse(json(response));
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/p/[A-Za-z0-9_-]{43}$`));
    expect(link.expiresAt).toBe(daysLater(90).toISOString());
    expect(link.whatsappText).toContain(link.url);
    expect(link.whatsappText).toContain('reportar un problema');
    const [email] = await emailsTo(policy.property.owner.email);
    expect(email?.kind).toBe('link_claim_owner');
    expect(email?.text).toContain(link.url);

    const links = policyLinksSchema.parse(json(await ctx.app.inject({ url: `/api/policy/${policy.id}/links`, headers: bearer(users.agent.token) })));
    expect(links.links[0]).toMatchObject({ purpose: 'claim_owner', party: 'owner', partyName: policy.property.owner.name, state: 'sent' });
    expect(linkPurposeLabels.claim_owner).toBe('Reportar un problema');
    // A lawyer of the branch may make it too.
    expect((await issueOwnerLink(policy.id, users.lawyer.token)).statusCode).toBe(201);
  });

  it('without the owner\'s e-mail it is only shown (nothing is queued)', async () => {
    const policy = await activePolicy({ email: '' });
    const response = await issueOwnerLink(policy.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(claimOwnerLinkSchema.parse(json(response)).url).toContain('/p/');
    expect(await emailsTo('')).toEqual([]);
  });

  it('401 without a session, 403 for a role that does not work cases, 404 for another branch or no policy, 409 for a cancelled policy', async () => {
    const policy = await activePolicy();
    expect((await issueOwnerLink(policy.id, null)).statusCode).toBe(401);
    expect((await issueOwnerLink(policy.id, users.approver.token)).statusCode).toBe(403);
    expect((await issueOwnerLink(policy.id, users.otherBranchAgent.token)).statusCode).toBe(404);
    expect((await issueOwnerLink(999_999)).statusCode).toBe(404);
    const badId = await issueOwnerLink(0);
    expect(badId.statusCode).toBe(400);
    const cancelled = await activePolicy({ status: 'cancelled' });
    const refused = await issueOwnerLink(cancelled.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json<{ message: string }>(refused).message).toBe('La póliza está cancelada: no admite incidencias');
  });
});

describe('GET /api/public/claims/{token}', () => {
  it('shows each case in plain Spanish — type, stage (as an admin named it), next step, dates — and never a note, a contact, an amount or a staff name', async () => {
    const policy = await activePolicy();
    const token = await ownerToken(policy, { accept: false });
    const empty = claimOwnerViewSchema.strict().parse(json(await ownerView(token)));
    expect(empty).toMatchObject({ ownerName: policy.property.owner.name, branchName: 'Sucursal Polanco', cases: [], expiresAt: daysLater(90).toISOString() });
    expect(empty.propertyAddress).toContain(policy.property.address.street);

    await db().insert(claimStageLabels).values({ stage: 'extrajudicial', label: 'Cobranza amistosa' }).onConflictDoNothing();
    const id = await workedCase(policy);
    // Instants the database wrote (its clock: PostgreSQL's is not the test's).
    const [row] = await claimsOf(policy.id);
    const response = await ownerView(token);
    expect(response.statusCode, response.body).toBe(200);
    const view = claimOwnerViewSchema.strict().parse(json(response));
    expect(view.cases).toEqual([
      {
        number: `INC-${String(id).padStart(5, '0')}`,
        type: 'property_damage',
        typeLabel: 'Daños al inmueble',
        stageLabel: 'Cobranza amistosa',
        nextStep: claimOwnerNextSteps.extrajudicial,
        openedOn: businessDate(row!.openedAt),
        lastChangeOn: businessDate(row!.updatedAt),
        closed: false,
      },
    ]);
    for (const secret of ['DESCRIPCION-INTERNA', 'NOTA-INTERNA', 'OTRA-NOTA', 'Juan Deudor', 'RESULTADO-PRIVADO', 'HONORARIOS', '4321.09', '9999.99', 'Pérez']) expect(response.body).not.toContain(secret);
    await db().delete(claimStageLabels);
  });

  it("answers the links' one 404 for a wrong, expired or revoked token, or one made for another purpose", async () => {
    const policy = await activePolicy();
    expect((await ownerView('A'.repeat(43))).statusCode).toBe(404);
    const token = await ownerToken(policy);
    // Another purpose's link does not open this page.
    const upload = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/rent-proof-link`, headers: bearer(users.agent.token), payload: {} });
    const rentToken = json<{ url: string }>(upload).url.split('/p/')[1];
    expect(rentToken).toBeDefined();
    expect((await ownerView(rentToken!)).statusCode).toBe(404);

    const links = policyLinksSchema.parse(json(await ctx.app.inject({ url: `/api/policy/${policy.id}/links`, headers: bearer(users.agent.token) })));
    const ownerLink = links.links.find((link) => link.purpose === 'claim_owner')!;
    expect((await ownerView(token)).statusCode).toBe(200);
    vi.setSystemTime(daysLater(91));
    expect((await ownerView(token)).statusCode).toBe(404);
    vi.setSystemTime(NOW);
    const revoked = await ctx.app.inject({ method: 'POST', url: `/api/policy/${policy.id}/links/${ownerLink.id}/revoke`, headers: bearer(users.agent.token) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const dead = await ownerView(token);
    expect(dead.statusCode).toBe(404);
    expect(json<{ message: string }>(dead).message).toBe('Este enlace ya no es válido');
  });

  it('is rate-limited like every public route (publicRoutes())', async () => {
    const wrong = 'C'.repeat(43);
    const statuses: number[] = [];
    for (let call = 0; call < 62; call++) statuses.push((await ctx.app.inject({ url: `/api/public/claims/${wrong}`, remoteAddress: '10.8.8.8' })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
