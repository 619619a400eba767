import { expect, test } from '@playwright/test';
import { exampleTenant } from '@portal/domain/testing';
import { adminHeaders, codePattern, createSigningPolicy, fromMail, linkPattern, receivedMail, signTypedByApi } from './signing';
import { signInAsAdmin, unique } from './support';

/*
 * Signing by link (issue 17): 'Enviar Contratos' on a policy marked 'Firma electrónica' e-mails
 * each signer a link; the e-mails go through a real SMTP receiver on loopback
 * (e2e/smtp-receiver.ts), where this journey reads the link and the one-time code.
 */

/** Where the screenshots of the signer's page go, to be looked at (SHOTS_DIR, else beside Playwright's results). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results/e-signature';

test('Enviar Contratos → a signer signs on a phone with the code from the e-mail, the other by API → the policy is active with the signed pack', async ({ page, browser, request }) => {
  // 2× the run's limit per test (the config's, or --timeout): 60 s when the limit was 30 s.
  test.setTimeout(test.info().timeout * 2);
  const headers = await adminHeaders(request);
  const tenantEmail = `${unique('inquilina-')}@example.mx`;
  const ownerEmail = `${unique('propietario-')}@example.mx`;
  const policy = await createSigningPolicy(request, headers, { tenant: { ...exampleTenant(unique('Lucía Firma ')), email: tenantEmail }, ownerEmail });
  expect((await request.post(`/api/policy/update/${policy.id}`, { headers, data: { status: 'contracts' } })).status()).toBe(200);

  // Staff: 'Enviar Contratos' from the tracking row menu.
  await signInAsAdmin(page, '/policies/tracking');
  await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill(policy.investigationId);
  const row = page.getByRole('region', { name: 'Seguimiento de pólizas' }).getByRole('row').filter({ hasText: policy.investigationId });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Acciones de la póliza ${policy.investigationId}` }).click();
  await page.getByRole('menuitem', { name: 'Enviar Contratos' }).click();
  // It asks first: each signer is e-mailed at once (issue 29).
  await page.getByRole('alertdialog', { name: '¿Enviar los contratos?' }).getByRole('button', { name: 'Enviar' }).click();
  await expect(row).toContainText('Pendiente de firma');
  // The link e-mails go out right after the answer (the delivery run is asked at once), not at the minute's run.
  const tenantToken = await fromMail(tenantEmail, linkPattern);
  const ownerToken = await fromMail(ownerEmail, linkPattern);

  // The tenant, on a phone without a session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const signer = await phone.newPage();
  await signer.goto(`/p/${tenantToken}`);
  await expect(signer.getByRole('heading', { name: 'Aviso de privacidad' })).toBeVisible();
  await signer.getByRole('checkbox', { name: /He leído el aviso de privacidad/ }).check();
  await signer.getByRole('button', { name: 'Acepto y continúo' }).click();
  await expect(signer.getByRole('heading', { name: 'Firma de contratos' })).toBeVisible();
  await expect(signer.getByRole('img', { name: /^Página 1 de \d+$/ })).toBeVisible({ timeout: 15_000 });

  const mailsBefore = receivedMail().length;
  await signer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(signer.getByText(/Le enviamos un código de 6 dígitos/)).toBeVisible();
  const code = await fromMail(tenantEmail, codePattern, mailsBefore);
  await signer.getByLabel('Código').fill(code);
  await signer.getByRole('button', { name: 'Confirmar código' }).click();

  await expect(signer.getByRole('tab', { name: 'Dibujar' })).toBeVisible();
  const pad = signer.getByTestId('signature-canvas');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await signer.mouse.move(box.x + 30, box.y + box.height / 2);
  await signer.mouse.down();
  for (let step = 1; step <= 12; step++) await signer.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25));
  await signer.mouse.up();
  await expect(signer.getByRole('button', { name: 'Borrar' })).toBeEnabled();
  await signer.screenshot({ path: `${shotsDir}/signing-phone.png`, fullPage: true });
  await signer.getByRole('checkbox', { name: 'He leído los documentos y acepto firmarlos electrónicamente' }).check();
  await signer.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(signer.getByRole('heading', { name: 'Usted firmó los documentos' })).toBeVisible();
  await expect(signer.getByText('Han firmado 1 de 2 firmantes.', { exact: false })).toBeVisible();
  await signer.screenshot({ path: `${shotsDir}/signed-phone.png` });
  await phone.close();

  // The owner signs through the API, as the page would.
  await signTypedByApi(request, { token: ownerToken, email: ownerEmail, name: 'Roberto Sánchez Villa' });

  // Staff see the policy active, the round signed and the signed pack as the contracts' new version.
  await page.goto(`/policies/${policy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(policy.investigationId) })).toBeVisible();
  await expect(page.getByText('Activa', { exact: true }).first()).toBeVisible();
  // The portal activated it when the last signer signed: 'Sistema', not 'Usuario eliminado' (issue 29).
  const completed = page.locator('section#historial').getByRole('listitem').filter({ hasText: 'Firma electrónica completada' }).first();
  await expect(completed).toContainText('Sistema');
  const signing = page.getByRole('region', { name: 'Firma electrónica' });
  await expect(signing.getByText('Firmado', { exact: true })).toBeVisible();
  await expect(signing.getByText(/Firmó el/)).toHaveCount(2);
  await expect(signing.getByRole('button', { name: 'Descargar contratos firmados (versión 2)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contratos' }).getByTestId('contract-pack-2')).toBeVisible();
  await signing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shotsDir}/expediente-signing.png` });
  const list = (await (await request.get('/api/policy', { headers })).json()) as Array<{ id: number; status: string }>;
  expect(list.find((p) => p.id === policy.id)?.status).toBe('active');
});
