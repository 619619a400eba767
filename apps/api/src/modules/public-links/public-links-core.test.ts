import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLinkMessages, type Policy } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { policies, privacyAcceptances, privacyNotices, publicLinks } from '../../db/schema/index';
import { bearer, createTestContext, json, tokenFor, type TestContext } from '../../test/app';
import { insertLink } from './repository';
import { requirePrivacyAccepted, resolveLink } from './service';
import { newLinkToken } from './tokens';

let ctx: TestContext;
let policy: Policy;

beforeAll(async () => {
  ctx = await createTestContext();
  const agent = await tokenFor(ctx, 'agent', 1);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput() });
  policy = json<Policy>(response);
});
afterAll(() => ctx.close());

/** A link written straight to the table (the staff endpoints that create them are tested apart). */
async function link(values: Partial<typeof publicLinks.$inferInsert> = {}) {
  const { token, tokenHash } = newLinkToken();
  const id = await insertLink(ctx.app.db, {
    policyId: policy.id,
    tokenHash,
    purpose: 'upload',
    party: 'tenant',
    partyName: 'María López',
    expiresAt: new Date(Date.now() + 86_400_000),
    ...values,
  });
  return { id, token };
}

const view = (token: string, ip = '10.0.0.1') => ctx.app.inject({ url: `/api/public/links/${token}`, remoteAddress: ip });

describe('the token machinery', () => {
  it('stores only the hash of a 256-bit token and opens the link it names', async () => {
    const { id, token } = await link();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.app.db.select().from(publicLinks).where(eq(publicLinks.id, id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const response = await view(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ purpose: 'upload', party: 'tenant', partyName: 'María López', folio: policy.investigationId, privacy: { version: 1, accepted: false } });
    const [opened] = await ctx.app.db.select().from(publicLinks).where(eq(publicLinks.id, id));
    expect(opened!.firstOpenedAt).not.toBeNull();
  });

  it('names the policy by its folio de póliza once it has one, as the pack and its documents do (issue 29)', async () => {
    const { token } = await link({ purpose: 'sign' });
    await ctx.app.db.update(policies).set({ policyNumber: 'POL-2026-00042' }).where(eq(policies.id, policy.id));
    try {
      expect(json(await view(token))).toMatchObject({ purpose: 'sign', folio: 'POL-2026-00042' });
    } finally {
      await ctx.app.db.update(policies).set({ policyNumber: '' }).where(eq(policies.id, policy.id));
    }
  });

  it('answers a wrong, an expired and a revoked token with the same words', async () => {
    const expired = await link({ expiresAt: new Date(Date.now() - 1000) });
    const revoked = await link({ revokedAt: new Date() });
    const wrong = newLinkToken().token;
    const answers = await Promise.all([view(expired.token), view(revoked.token), view(wrong)]);
    for (const answer of answers) expect({ status: answer.statusCode, message: json<{ message: string }>(answer).message }).toEqual({ status: 404, message: publicLinkMessages.invalid });
  });

  it('records the acceptance of the current aviso, with its version and address', async () => {
    const { id, token } = await link();
    const stale = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 7 } });
    expect(stale.statusCode).toBe(409);
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version: 1 }, remoteAddress: '10.1.2.3', headers: { 'user-agent': 'Teléfono' } });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const rows = await ctx.app.db.select().from(privacyAcceptances).where(eq(privacyAcceptances.linkId, id));
    expect(rows).toEqual([expect.objectContaining({ noticeVersion: 1, ip: '10.1.2.3', userAgent: 'Teléfono' })]);
    expect(json(await view(token))).toMatchObject({ privacy: { accepted: true } });
  });

  it('limits how often one address calls a link endpoint', async () => {
    const wrong = newLinkToken().token;
    let limited = 0;
    for (let call = 0; call < 65; call++) if ((await view(wrong, '10.9.9.9')).statusCode === 429) limited++;
    expect(limited).toBe(5);
    const other = await view(wrong, '10.9.9.10');
    expect(other.statusCode).toBe(404);
    const response = await view(wrong, '10.9.9.9');
    expect(json<{ message: string }>(response).message).toBe(publicLinkMessages.tooManyRequests);
  });
});

describe('the logs', () => {
  it('never hold a token', async () => {
    const { token } = await link();
    await view(token);
    expect(ctx.logs.join('\n')).toContain('/api/public/links/[oculto]');
    expect(ctx.logs.join('\n')).not.toContain(token);
  });
});

describe('the headers of a link', () => {
  it('send no referrer and keep nothing in caches, for the page and its calls', async () => {
    const { token } = await link();
    for (const url of [`/p/${token}`, `/api/public/links/${token}`]) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('the aviso is accepted by a person, per version (issue 29)', () => {
  let other: Policy;
  beforeAll(async () => {
    const agent = await tokenFor(ctx, 'agent', 1);
    other = json<Policy>(await ctx.app.inject({ method: 'POST', url: '/api/policy', headers: bearer(agent), payload: examplePolicyInput() }));
  });

  const linkFor = (values: Partial<typeof publicLinks.$inferInsert>) => link({ policyId: other.id, partyName: 'Lucía Gómez', email: 'lucia@correo.mx', ...values });
  const accept = (token: string, version = 1) => ctx.app.inject({ method: 'POST', url: `/api/public/links/${token}/privacy`, payload: { version }, remoteAddress: '10.4.4.4' });
  const accepted = async (token: string) => json<{ privacy: { accepted: boolean } }>(await view(token)).privacy.accepted;
  const required = async (token: string) => {
    const link = await resolveLink(ctx.app.db, token, 'sign');
    return requirePrivacyAccepted(ctx.app.db, link).then(
      () => false,
      () => true,
    );
  };

  it("spares the signing link the question the person answered on the upload link, and keeps the record of where", async () => {
    const upload = await linkFor({ purpose: 'upload' });
    const signing = await linkFor({ purpose: 'sign' });
    expect(await accepted(signing.token)).toBe(false);
    expect(await required(signing.token)).toBe(true);
    expect((await accept(upload.token)).statusCode).toBe(204);
    expect(await accepted(signing.token)).toBe(true);
    expect(await required(signing.token)).toBe(false);
    // The acceptance stays the upload link's: who (the link's person), which version, when, from where.
    const rows = await ctx.app.db.select().from(privacyAcceptances).where(eq(privacyAcceptances.linkId, upload.id));
    expect(rows).toEqual([expect.objectContaining({ noticeVersion: 1, ip: '10.4.4.4' })]);
    expect(await ctx.app.db.select().from(privacyAcceptances).where(eq(privacyAcceptances.linkId, signing.id))).toEqual([]);
  });

  it('knows the person by the same e-mail even at another place on the policy', async () => {
    const upload = await linkFor({ purpose: 'upload', partyName: 'Jorge Ramírez', email: 'Jorge@Correo.mx', partyIndex: 0 });
    await accept(upload.token);
    const signing = await linkFor({ purpose: 'sign', partyName: 'Jorge Ramírez Soto', email: 'jorge@correo.mx ', partyIndex: 1 });
    expect(await accepted(signing.token)).toBe(true);
  });

  it('asks everyone else: another role, another person, another policy, or a newer version', async () => {
    const upload = await linkFor({ purpose: 'upload', partyName: 'Ana Ruiz', email: 'ana@correo.mx' });
    await accept(upload.token);
    const guarantor = await linkFor({ purpose: 'sign', party: 'guarantor', partyName: 'Ana Ruiz', email: 'ana@correo.mx' });
    const otherTenant = await linkFor({ purpose: 'sign', partyIndex: 1, partyName: 'Pedro Ruiz', email: 'pedro@correo.mx' });
    const otherPolicy = await link({ purpose: 'sign', partyName: 'Ana Ruiz', email: 'ana@correo.mx' });
    for (const token of [guarantor.token, otherTenant.token, otherPolicy.token]) expect(await accepted(token)).toBe(false);

    const sameAna = await linkFor({ purpose: 'sign', partyName: 'Ana Ruiz', email: 'ana@correo.mx' });
    expect(await accepted(sameAna.token)).toBe(true);
    await ctx.app.db.insert(privacyNotices).values({ version: 2, body: 'Aviso de privacidad, versión 2', createdBy: null });
    expect(await accepted(sameAna.token)).toBe(false);
    expect((await accept(upload.token, 2)).statusCode).toBe(204);
    expect(await accepted(sameAna.token)).toBe(true);
  });
});
