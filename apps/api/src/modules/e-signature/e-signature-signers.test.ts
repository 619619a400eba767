import { createHash } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicLinkMessages, signingMessages, type Policy, type SigningView } from '@portal/domain';
import { contractDocuments, emailOutbox, linkSignatures, notifications, policyEvents, signingRounds } from '../../db/schema/index';
import { bearer, json } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';
import { createMailTransport } from '../email/index';
import { deliverDueEmails } from '../notifications/index';
import {
  acceptPrivacy,
  agent,
  codeSentTo,
  contractsOf,
  ctx,
  db,
  download,
  manager,
  pixel,
  post,
  publicUrl,
  roundOf,
  sendContracts,
  setUpSigningTests,
  sha256,
  threeSigners,
  signAs,
  statusOf,
  view,
} from './e-signature.test-helpers';
import { policyInContracts } from '../../test/policies';

setUpSigningTests();

describe('the one-time code', () => {
  let policy: Policy;
  let tokens: Map<string, string>;
  beforeAll(async () => {
    policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    tokens = await sendContracts(policy);
  });
  const tenant = () => [policy.tenants[0]!.email, tokens.get(policy.tenants[0]!.email)!] as const;
  const guarantor = () => [policy.guarantors[0]!.email, tokens.get(policy.guarantors[0]!.email)!] as const;

  it('needs the aviso accepted first', async () => {
    const [, token] = tenant();
    const response = await post(token, '/code');
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(publicLinkMessages.privacyRequired);
  });

  it('is sent at most once a minute, only its hash kept', async () => {
    const [email, token] = tenant();
    await acceptPrivacy(token);
    const first = await post(token, '/code');
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).emailMasked).toMatch(/^ma\*\*\*@example\.mx$/);
    const code = await codeSentTo(email);
    const [signature] = await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, email));
    expect(signature!.otpHash).toBe(createHash('sha256').update(code).digest('hex'));
    const again = await post(token, '/code');
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toMatch(/^Espere \d+ segundos antes de pedir otro código$/);
  });

  it('an expired code is refused', async () => {
    const [email, token] = tenant();
    const code = await codeSentTo(email);
    await db().update(linkSignatures).set({ otpExpiresAt: new Date(Date.now() - 1000) }).where(eq(linkSignatures.signerEmail, email));
    const response = await post(token, '/verify', { code });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(signingMessages.codeExpired);
  });

  it('five wrong codes lock the link; every signing action then answers codeLocked', async () => {
    const [email, token] = guarantor();
    await acceptPrivacy(token);
    expect((await post(token, '/code')).statusCode).toBe(200);
    const right = await codeSentTo(email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await post(token, '/verify', { code: wrong });
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(signingMessages.codeWrong(5 - attempt));
    }
    const fifth = await post(token, '/verify', { code: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(json(fifth).message).toBe(signingMessages.codeLocked);
    for (const [path, body] of [['/verify', { code: right }], ['/code', {}], ['/sign', { signature: { kind: 'typed', text: 'Óscar' }, accept: true, packSha256: 'a'.repeat(64) }]] as const) {
      const response = await post(token, path, body);
      expect(response.statusCode).toBe(423);
      expect(json(response).message).toBe(signingMessages.codeLocked);
    }
    expect((await view(token)).locked).toBe(true);
    expect((await roundOf(policy))!.signers.find((s) => s.party === 'guarantor')!.locked).toBe(true);
  });

  it('refuses a bad code format and signing without a verified code', async () => {
    const [, token] = tenant();
    const malformed = await post(token, '/verify', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    const { packSha256 } = await view(token);
    const unverified = await post(token, '/sign', { signature: { kind: 'typed', text: 'María' }, accept: true, packSha256 });
    expect(unverified.statusCode).toBe(409);
    expect(json(unverified).message).toBe(signingMessages.codeNotVerified);
  });
});

describe('three signers sign', () => {
  let policy: Policy;
  let tokens: Map<string, string>;
  let packBytes: Uint8Array;
  beforeAll(async () => {
    policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    tokens = await sendContracts(policy);
  });

  it('serves the pack whose SHA-256 the view names', async () => {
    const token = tokens.get(policy.tenants[0]!.email)!;
    const response = await ctx.app.inject({ url: publicUrl(token, '/pack') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    packBytes = response.rawPayload;
    expect(sha256(packBytes)).toBe((await view(token)).packSha256);
  });

  it("a token reaches only its own signer: it cannot sign for another, nor reach staff endpoints", async () => {
    const token = tokens.get(policy.tenants[0]!.email)!;
    for (const url of [`/api/policy/${policy.id}/signing`, `/api/policy/${policy.id}/contracts`]) {
      expect((await ctx.app.inject({ url, headers: bearer(token) })).statusCode).toBe(401);
    }
    // Verifying with the tenant's token answers for the tenant's row only.
    await acceptPrivacy(token);
    expect((await post(token, '/code')).statusCode).toBe(200);
    const ownerCode = '123456';
    const wrong = await post(token, '/verify', { code: ownerCode === (await codeSentTo(policy.tenants[0]!.email)) ? '654321' : ownerCode });
    expect(wrong.statusCode).toBe(400);
    const rows = await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, policy.property.owner.email));
    expect(rows[0]!.otpFailures).toBe(0);
  });

  it('refuses a pack hash other than the round’s', async () => {
    const email = policy.property.owner.email;
    const token = tokens.get(email)!;
    await acceptPrivacy(token);
    expect((await post(token, '/code')).statusCode).toBe(200);
    expect((await post(token, '/verify', { code: await codeSentTo(email) })).statusCode).toBe(204);
    const response = await post(token, '/sign', { signature: { kind: 'typed', text: 'Roberto' }, accept: true, packSha256: 'b'.repeat(64) });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(signingMessages.packChanged);
    const unaccepted = await post(token, '/sign', { signature: { kind: 'typed', text: 'Roberto' }, accept: false, packSha256: sha256(packBytes) });
    expect(unaccepted.statusCode).toBe(400);
    const notPng = await post(token, '/sign', { signature: { kind: 'drawn', image: 'data:image/png;base64,AAAA' }, accept: true, packSha256: sha256(packBytes) });
    expect(notPng.statusCode).toBe(400);
    expect(json(notPng).message).toContain(signingMessages.signatureInvalid);
  });

  it('the last signature stores a signed pack with the evidence page, and the policy becomes active by Sistema', async () => {
    const tenantEmail = policy.tenants[0]!.email;
    const tenantToken = tokens.get(tenantEmail)!;
    // The tenant already asked for a code a moment ago: the verify uses that one.
    expect((await post(tenantToken, '/verify', { code: await codeSentTo(tenantEmail) })).statusCode).toBe(204);
    const tenantSigned = await post(tenantToken, '/sign', { signature: { kind: 'drawn', image: pixel }, accept: true, packSha256: sha256(packBytes) });
    expect(tenantSigned.statusCode, tenantSigned.body).toBe(200);
    expect(json<SigningView>(tenantSigned)).toMatchObject({ signersSigned: 1, signersTotal: 3 });
    const twice = await post(tenantToken, '/sign', { signature: { kind: 'drawn', image: pixel }, accept: true, packSha256: sha256(packBytes) });
    expect(json(twice).message).toBe(signingMessages.alreadySigned);

    const ownerToken = tokens.get(policy.property.owner.email)!;
    const ownerSigned = await post(ownerToken, '/sign', { signature: { kind: 'typed', text: 'Roberto Sánchez' }, accept: true, packSha256: sha256(packBytes) });
    expect(ownerSigned.statusCode, ownerSigned.body).toBe(200);

    const guarantorEmail = policy.guarantors[0]!.email;
    const last = await signAs(tokens.get(guarantorEmail)!, guarantorEmail, { kind: 'typed', text: 'Óscar Gutiérrez' });
    expect(last.statusCode, last.body).toBe(200);
    expect(json<SigningView>(last)).toMatchObject({ status: 'completed', signersSigned: 3 });

    const round = (await roundOf(policy))!;
    expect(round).toMatchObject({ status: 'completed', packVersion: 1, signedPackVersion: 2 });
    const contracts = await contractsOf(policy);
    expect(contracts.currentVersion).toBe(2);
    const originals = contracts.documents.filter((d) => d.packVersion === 1);
    const signedRows = await db().select().from(contractDocuments).where(and(eq(contractDocuments.policyId, policy.id), eq(contractDocuments.packVersion, 2)));
    expect(signedRows.map((row) => [row.kind, row.signed]).sort()).toEqual([['lease', true], ['policy', true], ['promissory_notes', false]]);
    // The pagarés are carried unchanged; the signed documents end with the signatures and the evidence.
    const notes = signedRows.find((row) => row.kind === 'promissory_notes')!;
    expect(notes.sha256).toBe(originals.find((d) => d.kind === 'promissory_notes')!.sha256);
    const lease = signedRows.find((row) => row.kind === 'lease')!;
    const pages = await pdfPages(await download(policy, lease.id));
    const evidence = pages.slice(-2).join(' ');
    expect(evidence).toContain('Constancia de firma electrónica');
    for (const name of ['María Fernanda López Ruiz', 'Óscar Gutiérrez Peña', 'Roberto Sánchez Villa']) expect(evidence).toContain(name);
    for (const email of [tenantEmail, guarantorEmail, policy.property.owner.email]) expect(evidence).toContain(email);
    expect(evidence).toContain('10.20.30.40');
    expect(evidence).toContain('Mozilla/5.0 (iPhone; Prueba)');
    expect(evidence).toContain(`SHA-256 del paquete que se le mostró: ${sha256(packBytes)}`);
    for (const kind of ['lease', 'policy'] as const) {
      const original = originals.find((d) => d.kind === kind)!;
      expect(evidence).toContain(original.sha256);
      expect(sha256(await download(policy, original.id))).toBe(original.sha256);
    }
    expect(pages.join(' ')).toContain('Firmas electrónicas');

    const history = await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id));
    expect(history.find((e) => e.note === signingMessages.completedNote)).toMatchObject({ userId: null, bySystem: true, fromStatus: 'signature', toStatus: 'active' });
    const notices = await db().select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'signature_completed')));
    expect(notices.map((n) => n.userId).sort()).toEqual([agent.id, manager.id].sort());
    expect(await statusOf(policy)).toBe('active');
  });
});

describe('a pack emptied by retention (years after the policy ended)', () => {
  it('keeps its size and hash; once emptied, the pack answers 404 in Spanish and the hash stays', async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    const token = (await sendContracts(policy)).get(policy.tenants[0]!.email)!;
    const [round] = await db().select().from(signingRounds).where(eq(signingRounds.policyId, policy.id));
    expect(round!.packSize).toBe(await ctx.app.files.sizeOf(round!.packStoredName!));

    await db().update(signingRounds).set({ packStoredName: null }).where(eq(signingRounds.id, round!.id));
    const response = await ctx.app.inject({ url: publicUrl(token, '/pack') });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(signingMessages.roundClosed);
    expect((await view(token)).packSha256).toBe(round!.packSha256);
  });
});

describe('the last two signers at once', () => {
  it('complete the round exactly once', async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    const tokens = await sendContracts(policy);
    const guarantorEmail = policy.guarantors[0]!.email;
    expect((await signAs(tokens.get(guarantorEmail)!, guarantorEmail)).statusCode).toBe(200);
    const last = [policy.tenants[0]!.email, policy.property.owner.email];
    for (const email of last) {
      const token = tokens.get(email)!;
      await acceptPrivacy(token);
      expect((await post(token, '/code')).statusCode).toBe(200);
      expect((await post(token, '/verify', { code: await codeSentTo(email) })).statusCode).toBe(204);
    }
    const { packSha256 } = await view(tokens.get(last[0]!)!);
    const answers = await Promise.all(last.map((email) => post(tokens.get(email)!, '/sign', { signature: { kind: 'typed', text: 'Firma' }, accept: true, packSha256 })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await roundOf(policy))!).toMatchObject({ status: 'completed', signedPackVersion: 2 });
    expect((await contractsOf(policy)).currentVersion).toBe(2);
    const completed = (await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id))).filter((e) => e.note === signingMessages.completedNote);
    expect(completed).toHaveLength(1);
    expect(await statusOf(policy)).toBe('active');
  });
});

describe('a signer declines', () => {
  it('records the reason, revokes the links, tells staff; the policy stays in signature', async () => {
    const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    const tokens = await sendContracts(policy);
    const token = tokens.get(policy.tenants[0]!.email)!;
    const withoutAviso = await post(token, '/decline', { reason: 'No estoy de acuerdo' });
    expect(withoutAviso.statusCode).toBe(409);
    await acceptPrivacy(token);
    const missing = await post(token, '/decline', { reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toContain(signingMessages.declineReasonRequired);
    const declined = await post(token, '/decline', { reason: 'La renta no es la acordada' });
    expect(declined.statusCode, declined.body).toBe(204);
    const round = (await roundOf(policy))!;
    expect(round.status).toBe('declined');
    expect(round.signers[0]).toMatchObject({ declineReason: 'La renta no es la acordada' });
    for (const other of tokens.values()) expect((await ctx.app.inject({ url: publicUrl(other) })).statusCode).toBe(404);
    const notices = await db().select().from(notifications).where(and(eq(notifications.policyId, policy.id), eq(notifications.kind, 'signature_declined')));
    expect(notices.map((n) => n.userId).sort()).toEqual([agent.id, manager.id].sort());
    expect(notices[0]!.body).toContain('La renta no es la acordada');
    const events = await db().select().from(policyEvents).where(eq(policyEvents.policyId, policy.id));
    expect(events.find((e) => e.note === signingMessages.declinedNote('María Fernanda López Ruiz', 'La renta no es la acordada'))).toMatchObject({
      userId: null,
      actorLabel: 'María Fernanda López Ruiz (firmante, por enlace)',
    });
    expect(await statusOf(policy)).toBe('signature');
  });
});

describe('the code through a real SMTP receiver', () => {
  it('arrives in the e-mail the delivery sends', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Portal <avisos@empresa.test>' })!;
    try {
      // The earlier tests' e-mails are not this test's subject: sent to the receiver, they cost
      // a session each (smtp-server greets after 100 ms), ≈ 5 s of the file.
      await db().update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.status, 'queued'));
      const policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
      const tokens = await sendContracts(policy);
      const email = policy.tenants[0]!.email;
      const token = tokens.get(email)!;
      await acceptPrivacy(token);
      expect((await post(token, '/code')).statusCode).toBe(200);
      await deliverDueEmails(db(), transport, new Date(Date.now() + 1000));
      const code = received.filter((m) => m.includes(email)).map((m) => /c(?:=C3=B3|ó)digo es (\d{6})/.exec(m)?.[1]).find(Boolean);
      expect(code, `${received.length} received`).toMatch(/^\d{6}$/);
      const verified = await post(token, '/verify', { code: code! });
      expect(verified.statusCode, verified.body).toBe(204);
    } finally {
      transport.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
