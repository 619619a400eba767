import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicLinkMessages, roundPlanMessages, signingMessages, type Policy } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput } from '@portal/domain/testing';
import { branches, policyEvents, publicLinks, signingRounds } from '../../db/schema/index';
import { bearer, insertBranch, json, tokenFor } from '../../test/app';
import {
  agent,
  ctx,
  db,
  manager,
  otherBranchAgent,
  publicUrl,
  roundOf,
  send,
  sendContracts,
  setStatus,
  setUpSigningTests,
  statusOf,
  threeSigners,
  view,
} from './e-signature.test-helpers';
import { policyInContracts } from '../../test/policies';

setUpSigningTests();

describe("'Enviar Contratos' starts a round", () => {
  it('only for a policy marked Firma electrónica: one link and e-mail per signer, the pack stored with its hash', async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    const tokens = await sendContracts(policy);
    expect(tokens.size).toBe(3);
    const round = (await roundOf(policy))!;
    expect(round).toMatchObject({ status: 'open', packVersion: 1, signedPackVersion: null });
    expect(round.signers.map((s) => [s.party, s.name])).toEqual([
      ['tenant', 'María Fernanda López Ruiz'],
      ['guarantor', 'Óscar Gutiérrez Peña'],
      ['owner', 'Roberto Sánchez Villa'],
    ]);
    const [row] = await db().select().from(signingRounds).where(eq(signingRounds.policyId, policy.id));
    expect(row!.documentKinds).toEqual(['lease', 'policy']);
    const links = await db().select().from(publicLinks).where(eq(publicLinks.signingRoundId, row!.id));
    expect(links.map((link) => link.purpose)).toEqual(['sign', 'sign', 'sign']);
    const events = await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id));
    expect(events.map((event) => event.note)).toContain(signingMessages.roundStartedNote(3));

    const paper = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners({ isElectronicSignature: false }) });
    expect((await setStatus(paper, 'signature')).statusCode).toBe(200);
    expect(await roundOf(paper)).toBeNull();
  });

  it('refuses (409) a signer without e-mail, naming them, and writes nothing', async () => {
    const base = threeSigners()!;
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners({ guarantors: [{ ...exampleGuarantor('Óscar Gutiérrez Peña'), email: '' }], tenants: base.tenants }) });
    const response = await setStatus(policy, 'signature');
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(signingMessages.signerWithoutEmail('Óscar Gutiérrez Peña'));
    expect(await roundOf(policy)).toBeNull();
    expect(await db().select().from(publicLinks).where(eq(publicLinks.policyId, policy.id))).toEqual([]);
    expect(await statusOf(policy)).toBe('contracts');
  });

  it('sends the pagarés to paper by default on a server without the e.firma trust store, saying why, and includes them with the simple signature', async () => {
    const byDefault = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    await sendContracts(byDefault);
    const [defaultRound] = await db().select().from(signingRounds).where(eq(signingRounds.policyId, byDefault.id));
    expect(defaultRound!.documentKinds).toEqual(['lease', 'policy']);
    expect(defaultRound!.methods.promissory_notes).toBe('paper');
    expect(defaultRound!.paperReason).toContain(roundPlanMessages.efirmaUnavailable('Los pagarés'));
    const branchId = await insertBranch(ctx);
    await db().update(branches).set({ signatureMethodPromissoryNotes: 'simple' }).where(eq(branches.id, branchId));
    const branchAgent = await tokenFor(ctx, 'agent', branchId);
    const policy = await policyInContracts(ctx, { token: branchAgent, overrides: threeSigners() });
    const tokens = await sendContracts(policy, branchAgent);
    const [row] = await db().select().from(signingRounds).where(eq(signingRounds.policyId, policy.id));
    expect(row!.documentKinds).toEqual(['lease', 'policy', 'promissory_notes']);
    const signingView = await view([...tokens.values()][0]!);
    expect(signingView.documents.map((d) => d.kind)).toEqual(['lease', 'policy', 'promissory_notes']);
  });

  it("'Confirmar Firma' on paper cancels the open round and revokes its links", async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    const tokens = await sendContracts(policy);
    const response = await setStatus(policy, 'active');
    expect(response.statusCode, response.body).toBe(200);
    expect((await roundOf(policy))!.status).toBe('cancelled');
    const opened = await ctx.app.inject({ url: publicUrl([...tokens.values()][0]!) });
    expect(opened.statusCode).toBe(404);
    expect(json(opened).message).toBe(publicLinkMessages.invalid);
    const events = await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id));
    expect(events.map((event) => event.note)).toContain(signingMessages.roundCancelledNote);
  });
});

describe('the form and Cancelar Firma', () => {
  it('the form entering signature starts a round; Cancelar Firma cancels it', async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    const current = json<Policy[]>(await ctx.app.inject({ url: '/api/policy', headers: bearer(agent.token) })).find((p) => p.id === policy.id)!;
    const input = examplePolicyInput({ ...threeSigners(), status: 'signature' });
    const form = {
      ...input,
      tenants: [{ ...input.tenants![0]!, email: current.tenants[0]!.email }],
      guarantors: [{ ...input.guarantors![0]!, email: current.guarantors[0]!.email }],
      property: { ...input.property!, owner: { ...input.property!.owner, email: current.property.owner.email } },
    };
    const saved = await send(`/api/policy/update/${policy.id}`, agent.token, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await roundOf(policy))!.status).toBe('open');
    const cancelled = await setStatus(policy, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await roundOf(policy))!.status).toBe('cancelled');
    const links = await db().select().from(publicLinks).where(eq(publicLinks.policyId, policy.id));
    expect(links.every((link) => link.revokedAt !== null)).toBe(true);
  });
});

describe('GET /api/policy/{id}/signing', () => {
  it('needs a session (401), stays in the branch (404) and validates the id (400)', async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/signing` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/policy/${policy.id}/signing`, headers: bearer(otherBranchAgent) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/policy/abc/signing', headers: bearer(agent.token) })).statusCode).toBe(400);
    expect(await roundOf(policy, manager.token)).toBeNull();
  });
});
