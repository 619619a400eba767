import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { exampleTenant } from '@portal/domain/testing';
import { e2eEfirma } from './efirma-credentials';
import { adminHeaders, codePattern, createSigningPolicy, fromMail, linkPattern, receivedMail, signTypedByApi } from './signing';
import { unique } from './support';

/*
 * Pagarés signed with e.firma (issue 35): the tenant signs the lease, the póliza and the pagarés
 * on a phone with their .cer, their encrypted .key and its password — decrypted and used only in
 * the browser — and the server verifies the signatures against the journeys' own SAT-like
 * authority (e2e/efirma-credentials.ts). Once the owner signs too, anyone can check the signed
 * pagarés on /verificar: the genuine PDF is found, a changed one is not.
 */

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/efirma';

/** The signer's one-time code, asked for and typed on the page. */
async function confirmCode(signer: Page, email: string) {
  const before = receivedMail().length;
  await signer.getByRole('button', { name: 'Enviar código' }).click();
  const code = await fromMail(email, codePattern, before);
  await signer.getByLabel('Código').fill(code);
  await signer.getByRole('button', { name: 'Confirmar código' }).click();
}

test('a tenant signs the pagarés with e.firma on a phone; the signed pagarés verify on /verificar and a changed copy does not', async ({ browser, request }) => {
  test.setTimeout(test.info().timeout * 3);
  const efirma = e2eEfirma().tenant;
  const headers = await adminHeaders(request);
  const tenantEmail = `${unique('efirma-')}@example.mx`;
  const ownerEmail = `${unique('propietario-')}@example.mx`;
  const policy = await createSigningPolicy(request, headers, { tenant: { ...exampleTenant('María Fernanda López Ruiz'), email: tenantEmail, rfc: efirma.rfc, curp: efirma.curp }, ownerEmail });
  for (const status of ['contracts', 'signature']) {
    const moved = await request.post(`/api/policy/update/${policy.id}`, { headers, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const tenantToken = await fromMail(tenantEmail, linkPattern);
  const ownerToken = await fromMail(ownerEmail, linkPattern);

  // The tenant, on a phone: the pagarés go with e.firma, so the whole set does.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const signer = await phone.newPage();
  const efirmaPosts: string[] = [];
  signer.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/signing/efirma')) efirmaPosts.push(sent.url());
  });
  await signer.goto(`/p/${tenantToken}`);
  await signer.getByRole('checkbox', { name: /He leído el aviso de privacidad/ }).check();
  await signer.getByRole('button', { name: 'Acepto y continúo' }).click();
  await expect(signer.getByRole('heading', { name: 'Firma de contratos' })).toBeVisible();
  await confirmCode(signer, tenantEmail);

  const step = signer.getByRole('form', { name: '2. Firmar con e.firma' });
  await expect(step).toBeVisible();
  await expect(step.getByText('Pagarés')).toBeVisible();
  await step.getByLabel('Certificado (.cer)').setInputFiles(efirma.cerPath);
  await step.getByLabel('Llave privada (.key)').setInputFiles(efirma.keyPath);
  // A wrong password is the browser's own answer: nothing is sent.
  await step.getByLabel('Contraseña de la llave privada').fill('no-es-la-contraseña');
  await step.getByRole('checkbox', { name: 'He leído los documentos y acepto firmarlos con mi e.firma' }).check();
  await step.getByRole('button', { name: 'Firmar con e.firma' }).click();
  await expect(step.getByText('La contraseña de la llave privada no es correcta')).toBeVisible();
  expect(efirmaPosts).toEqual([]);
  await expect.poll(async () => (await signer.evaluate(() => document.documentElement.scrollWidth)) <= 390).toBe(true);
  await signer.screenshot({ path: `${shotsDir}/efirma-step-phone.png`, fullPage: true });

  await step.getByLabel('Contraseña de la llave privada').fill(efirma.password);
  await step.getByRole('button', { name: 'Firmar con e.firma' }).click();
  await expect(signer.getByRole('heading', { name: 'Usted firmó los documentos' })).toBeVisible({ timeout: 20_000 });
  expect(efirmaPosts).toHaveLength(1);
  await phone.close();

  // The owner signs the lease and the póliza with the simple signature, through the API as the page would.
  await signTypedByApi(request, { token: ownerToken, email: ownerEmail, name: 'Roberto Sánchez Villa' });

  // Staff: the round is complete; the signed pagarés are the pack's new version.
  const round = (await (await request.get(`/api/policy/${policy.id}/signing`, { headers })).json()) as { status: string; verificationCode: string; signers: Array<{ certificateSerial: string | null }> };
  expect(round.status).toBe('completed');
  expect(round.signers.map((each) => each.certificateSerial)).toContain(efirma.serial);
  const contracts = (await (await request.get(`/api/policy/${policy.id}/contracts`, { headers })).json()) as { currentVersion: number; documents: Array<{ id: number; kind: string; packVersion: number }> };
  const pagares = contracts.documents.find((document) => document.kind === 'promissory_notes' && document.packVersion === contracts.currentVersion)!;
  const pdf = await (await request.get(`/api/policy/${policy.id}/contracts/${pagares.id}/file?download=1`, { headers })).body();
  const genuine = test.info().outputPath('pagares-firmados.pdf');
  const changed = test.info().outputPath('pagares-cambiados.pdf');
  fs.writeFileSync(genuine, pdf);
  const altered = Buffer.from(pdf);
  const middle = Math.floor(altered.length / 2);
  altered[middle] = altered[middle]! ^ 1;
  fs.writeFileSync(changed, altered);

  // Anyone, on a phone, without a session: /verificar finds the genuine PDF, masked names and the certificate's serial.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const checker = await visitor.newPage();
  await checker.goto('/verificar');
  await expect(checker.getByRole('heading', { level: 1, name: 'Verificar un documento firmado' })).toBeVisible();
  await checker.getByLabel('Elegir el PDF firmado').setInputFiles(genuine);
  await expect(checker.getByText(/^Documento auténtico: coincide con/)).toBeVisible({ timeout: 15_000 });
  await expect(checker.getByText('Ma*** F*** L*** R***')).toBeVisible();
  await expect(checker.getByText(efirma.serial)).toBeVisible();
  await expect(checker.getByText(tenantEmail)).toHaveCount(0);
  await checker.screenshot({ path: `${shotsDir}/verificar-phone.png`, fullPage: true });
  await checker.getByRole('button', { name: 'Comprobar otro documento' }).click();
  await checker.getByLabel('Elegir el PDF firmado').setInputFiles(changed);
  await expect(checker.getByText('No coincide con ningún documento firmado')).toBeVisible({ timeout: 15_000 });
  // The code printed on the evidence page opens the same record.
  await checker.goto(`/verificar/${round.verificationCode}`);
  await expect(checker.getByText(efirma.serial)).toBeVisible();
  await visitor.close();
});
