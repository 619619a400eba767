import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicLinkMessages, verificationMessages, verificationResultSchema, type Policy, type VerificationResult } from '@portal/domain';
import { contractDocuments, efirmaSignatures, linkSignatures, signingRounds } from '../../../db/schema/index';
import { json } from '../../../test/app';
import { multipartFile } from '../../../test/files';
import { pdfPages } from '../../../test/pdf-text';
import { policyInContracts } from '../../../test/policies';
import { agent, ctx, db, download, sendContracts, setUpSigningTests, sha256, signAs, threeSigners } from '../e-signature.test-helpers';

/*
 * /verificar (issue 35): a signed PDF, or the code on its evidence page, checked by anyone — with
 * no personal data beyond masked names and certificate serials in the answer.
 */

const publicUrl = 'https://polizas.example.mx';
setUpSigningTests(() => ({ PUBLIC_URL: publicUrl }));

const certificate = { serial: '00001000000504465028', rfc: 'LORM8001011A1', holder: 'MARIA FERNANDA LOPEZ RUIZ' };
const cmsBytes = Buffer.from('una firma CMS de prueba: sus bytes solo cuentan por su SHA-256');

let policy: Policy;
let round: typeof signingRounds.$inferSelect;
let lease: { id: number; sha256: string };
let leaseBytes: Buffer;

/** Each test calls from its own address: the per-address limit is a test of its own. */
let nextIp = 1;
const freshIp = () => `10.77.0.${nextIp++}`;
const upload = (bytes: Buffer, ip = freshIp(), options: { filename?: string; field?: string } = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/verify', ...multipartFile(bytes, options.filename ?? 'contrato-firmado.pdf', options), remoteAddress: ip });
const byCode = (code: string, ip = freshIp()) => ctx.app.inject({ url: `/api/public/verify/${code}`, remoteAddress: ip });

function result(response: Awaited<ReturnType<typeof upload>>): VerificationResult {
  expect(response.statusCode, response.body).toBe(200);
  return verificationResultSchema.strict().parse(json(response));
}

/**
 * Tenant, guarantor and owner sign. The tenant's signature is then recorded as an e.firma one (its
 * certificate's columns and a .p7s digest written as the e.firma verification writes them; that
 * verification has its own tests) before the others sign, so the drawing shows both kinds.
 */
beforeAll(async () => {
  policy = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
  const tokens = await sendContracts(policy);
  const tenantEmail = policy.tenants[0]!.email;
  expect((await signAs(tokens.get(tenantEmail)!, tenantEmail)).statusCode).toBe(200);
  const [tenantRow] = await db().select().from(linkSignatures).where(eq(linkSignatures.signerEmail, tenantEmail));
  const [original] = await db().select().from(contractDocuments).where(and(eq(contractDocuments.policyId, policy.id), eq(contractDocuments.kind, 'lease')));
  await db()
    .update(linkSignatures)
    .set({ method: 'efirma', signatureKind: 'efirma', signatureText: null, certificateSerial: certificate.serial, certificateRfc: certificate.rfc, certificateName: certificate.holder, revocation: 'good' })
    .where(eq(linkSignatures.linkId, tenantRow!.linkId));
  await db().insert(efirmaSignatures).values({ linkId: tenantRow!.linkId, roundId: tenantRow!.roundId, documentSha256: original!.sha256, covers: 'lease', storedName: null, cmsSha256: sha256(cmsBytes), size: cmsBytes.length });
  for (const email of [policy.guarantors[0]!.email, policy.property.owner.email]) {
    const signed = await signAs(tokens.get(email)!, email);
    expect(signed.statusCode, signed.body).toBe(200);
  }
  const [completed] = await db().select().from(signingRounds).where(eq(signingRounds.id, tenantRow!.roundId));
  round = completed!;
  expect(round.status).toBe('completed');
  const [signedLease] = await db()
    .select()
    .from(contractDocuments)
    .where(and(eq(contractDocuments.policyId, policy.id), eq(contractDocuments.kind, 'lease'), eq(contractDocuments.signed, true)));
  lease = signedLease!;
  leaseBytes = Buffer.from(await download(policy, lease.id));
}, 120_000);

describe('the evidence page', () => {
  it('carries the /verificar address on PUBLIC_URL with the round’s code, and the time-stamp section', async () => {
    const pages = await pdfPages(leaseBytes);
    const evidence = pages.slice(-2).join(' ');
    expect(round.verificationCode).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(evidence).toContain(`${publicUrl}/verificar/${round.verificationCode}`);
    expect(evidence).toContain('Sello de tiempo');
    expect(evidence).toContain(`Resumen de la evidencia (SHA-256): ${round.timestampDigest}`);
    // No TSA_URL in this file: the page says there is no stamp, and why.
    expect(round.timestampStatus).toBe('none');
    expect(evidence).toContain('Estado: Sin sello de tiempo (no configurado)');
  });

  it('shows the e.firma signer’s certificate, RFC, serial, revocation and the .p7s digest; the signatures page names the certificate', async () => {
    const pages = await pdfPages(leaseBytes);
    const text = pages.slice(-3).join(' ');
    expect(text).toContain(`Firmado con e.firma (certificado ${certificate.serial})`);
    expect(text).toContain('Método: firma electrónica avanzada con e.firma del SAT');
    expect(text).toContain(`Titular del certificado: ${certificate.holder}`);
    expect(text).toContain(`RFC: ${certificate.rfc}`);
    expect(text).toContain(`Número de serie del certificado: ${certificate.serial}`);
    expect(text).toContain('Revocación al firmar: Vigente según el SAT (OCSP)');
    expect(text).toContain(`Firma (.p7s) de Contrato de arrendamiento: SHA-256 ${sha256(cmsBytes)}`);
    // The simple signers keep their one-time code's evidence.
    expect(text).toContain('Método: firma electrónica simple (código de un solo uso enviado por correo)');
  });
});

describe('POST /api/public/verify', () => {
  it('finds a genuine signed PDF: the document, the round, masked names and the e.firma serial', async () => {
    const found = result(await upload(leaseBytes));
    expect(found.matched).toEqual({ label: 'Contrato de arrendamiento', sha256: sha256(leaseBytes) });
    expect(found).toMatchObject({ code: round.verificationCode, subject: 'Contratos de la póliza', packVersion: 1, packSha256: round.packSha256, completedAt: round.closedAt!.toISOString() });
    expect(found.documents.map((document) => document.label)).toEqual(['Contrato de arrendamiento', 'Póliza jurídica']);
    expect(found.documents[0]!.sha256).toBe(lease.sha256);
    expect(found.signatures).toEqual([
      { nameMasked: 'Ma*** F*** L*** R***', party: 'Inquilino', method: 'efirma', signedAt: expect.any(String), certificateSerial: certificate.serial, revocation: 'good' },
      { nameMasked: 'Ós*** G*** P***', party: 'Aval', method: 'simple', signedAt: expect.any(String), certificateSerial: null, revocation: null },
      { nameMasked: 'Ro*** S*** V***', party: 'Propietario', method: 'simple', signedAt: expect.any(String), certificateSerial: null, revocation: null },
    ]);
    expect(found.timestamp).toEqual({ status: 'none', digest: round.timestampDigest, time: null, authority: null, serial: null });
  });

  it('says nothing personal beyond masked names and serials: no e-mail, IP, browser, RFC, full name or folio', async () => {
    const body = (await upload(leaseBytes)).body;
    const people = [policy.tenants[0]!, policy.guarantors[0]!, policy.property.owner];
    for (const person of people) {
      expect(body).not.toContain(person.email);
      for (const word of person.name.split(' ')) expect(body).not.toContain(word);
    }
    for (const secret of ['10.20.30.40', 'Mozilla', certificate.rfc, certificate.holder, '@']) expect(body).not.toContain(secret);
    if (policy.policyNumber) expect(body).not.toContain(policy.policyNumber);
  });

  it('a tampered copy (one byte changed) matches nothing', async () => {
    const tampered = Buffer.from(leaseBytes);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const response = await upload(tampered);
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('No coincide con ningún documento firmado');
  });

  it('the unsigned originals and the pack shown to the signers are not signed documents', async () => {
    const [original] = await db().select().from(contractDocuments).where(and(eq(contractDocuments.policyId, policy.id), eq(contractDocuments.packVersion, 1), eq(contractDocuments.kind, 'lease')));
    const originalBytes = Buffer.from(await download(policy, original!.id));
    expect((await upload(originalBytes)).statusCode).toBe(404);
  });

  it('refuses no file (400), another field (400), a file that is not a PDF (415) and one over 25 MB (413), keeping nothing', async () => {
    const json400 = await ctx.app.inject({ method: 'POST', url: '/api/public/verify', payload: { file: 'x' }, remoteAddress: freshIp() });
    expect(json400.statusCode).toBe(400);
    expect(json(json400).message).toBe(verificationMessages.fileRequired);
    const wrongField = await upload(leaseBytes, freshIp(), { field: 'documento' });
    expect(wrongField.statusCode).toBe(400);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const notPdf = await upload(Buffer.from('\x89PNG\r\n\x1a\n no es un PDF'), freshIp(), { filename: 'foto.png' });
    expect(notPdf.statusCode).toBe(415);
    expect(json(notPdf).message).toBe(verificationMessages.notPdf);
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(25 * 1024 * 1024 + 1, 0x20)]);
    const tooLarge = await upload(huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(json(tooLarge).message).toBe(verificationMessages.fileTooLarge);
  });

  it('answers with the public headers', async () => {
    const response = await upload(leaseBytes);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('GET /api/public/verify/{code}', () => {
  it('reads the round by its code (any case), with no document matched', async () => {
    const code = round.verificationCode!;
    const found = result(await byCode(code.toLowerCase()));
    expect(found.matched).toBeNull();
    expect(found.code).toBe(code);
    expect(found.signatures.map((signature) => signature.nameMasked)).toEqual(['Ma*** F*** L*** R***', 'Ós*** G*** P***', 'Ro*** S*** V***']);
  });

  it('an unknown code is a 404 and a malformed one a 400', async () => {
    const unknown = await byCode('ABCDEFGHJKMN');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(verificationMessages.codeUnknown);
    for (const bad of ['ABC', 'ABCDEFGHJKM0', 'ABCDEFGHJKMNP']) expect((await byCode(bad)).statusCode).toBe(400);
  });

  it('a round not completed has no verification', async () => {
    const open = await policyInContracts(ctx, { token: agent.token, overrides: threeSigners() });
    await sendContracts(open);
    const [openRound] = await db().select().from(signingRounds).where(eq(signingRounds.policyId, open.id));
    expect(openRound!.verificationCode).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect((await byCode(openRound!.verificationCode!)).statusCode).toBe(404);
  });

  it('is limited to 20 calls a minute per address, then 429 in Spanish', async () => {
    const ip = '10.99.99.99';
    for (let call = 1; call <= 20; call++) expect((await byCode(round.verificationCode!, ip)).statusCode).toBe(200);
    const limited = await byCode(round.verificationCode!, ip);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(publicLinkMessages.tooManyRequests);
    // Another address is not held back, nor the upload from this one (each route counts apart).
    expect((await byCode(round.verificationCode!)).statusCode).toBe(200);
    for (let call = 1; call <= 20; call++) expect((await upload(leaseBytes, ip)).statusCode).toBe(200);
    expect((await upload(leaseBytes, ip)).statusCode).toBe(429);
  });
});
