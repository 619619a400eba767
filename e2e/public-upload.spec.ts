import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

/** A Básica policy with no documents yet, through the API with the admin's session. */
async function newPolicy(request: APIRequestContext, tenantName: string) {
  const { token } = (await (await request.post('/api/auth/login', { data: admin })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/policy', { headers, data: examplePolicyInput({ policyType: 'basica', tenants: [exampleTenant(tenantName)] }) });
  expect(created.status()).toBe(201);
  const policy = (await created.json()) as { id: number; investigationId: string };
  return { policy, headers };
}

/** Staff make the tenant's upload link in the expediente ('Enlaces' → 'Nuevo enlace'): its address is shown only now. */
async function tenantLinkFromExpediente(page: Page, policyId: number): Promise<string> {
  await signInAsAdmin(page);
  await page.goto(`/policies/${policyId}#enlaces`);
  const links = page.getByRole('region', { name: 'Enlaces' });
  await links.getByRole('button', { name: 'Nuevo enlace' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo enlace' });
  await expect(form.getByLabel('Persona')).toHaveValue('tenant:0');
  await form.getByRole('button', { name: 'Crear enlace' }).click();
  const issued = page.getByRole('dialog', { name: 'Enlace listo' });
  const url = await issued.getByLabel('Enlace').inputValue();
  await issued.getByRole('button', { name: 'Listo' }).click();
  await expect(links.getByText('Enviado', { exact: true })).toBeVisible();
  return new URL(url).pathname;
}

/** A real JPEG, as a phone's camera gives one: drawn on a canvas in the page and encoded by the browser. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d9e4f5';
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = '#1f3a68';
    context.font = 'bold 24px sans-serif';
    context.fillText('INE · María López', 20, 100);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

const incomePdf = { name: 'recibo-nomina-enero.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Recibo de nómina\n%%EOF\n') };

test('a tenant uploads an INE photo and an income proof from a phone, by link; the staff see them in the expediente', async ({ browser, page, request }, testInfo) => {
  const tenantName = unique('María López ');
  const { policy } = await newPolicy(request, tenantName);
  const linkPath = await tenantLinkFromExpediente(page, policy.id);

  // --- The tenant's phone: no session, 390 px wide, a finger for a pointer ----------------------------
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-MX' });
  const phone = await phoneContext.newPage();
  await phone.goto(linkPath);
  await expect(phone.getByRole('heading', { name: 'Aviso de privacidad' })).toBeVisible();
  await phone.getByLabel(/He leído el aviso de privacidad/).check();
  await phone.getByRole('button', { name: 'Acepto y continúo' }).click();

  await expect(phone.getByRole('heading', { name: `Hola, ${tenantName}` })).toBeVisible();
  const idCard = phone.getByRole('article', { name: 'Identificación del inquilino' });
  await expect(idCard.getByRole('radio', { name: 'INE', exact: true })).toBeChecked();
  await expect(phone.getByRole('article', { name: 'Comprobantes de ingresos' }).getByText('Últimos 3 recibos de nómina o estados de cuenta')).toBeVisible();
  // On a phone the camera is one tap away, above 'Elegir archivo'.
  await expect(idCard.getByText('Tomar foto')).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('upload-link-390.png') });

  // The INE through 'Tomar foto' (the camera's input; Chromium hands it the file).
  await idCard.getByLabel('Tomar foto: Identificación del inquilino').setInputFiles({ name: 'ine.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(phone) });
  await expect(idCard.getByTestId('file-row-tenantId').getByText('Recibido')).toBeVisible();

  // An income proof through 'Elegir archivo'.
  await phone.getByLabel('Elegir archivo: Comprobantes de ingresos, archivo 1 de 3').setInputFiles(incomePdf);
  await expect(phone.getByTestId('file-row-incomeProof').getByText('Recibido')).toBeVisible();

  const received = phone.getByRole('region', { name: 'Documentos recibidos' });
  await expect(received.getByRole('listitem')).toHaveCount(2);
  await expect(received.getByText('ine.jpg')).toBeVisible();
  await expect(received.getByText('recibo-nomina-enero.pdf')).toBeVisible();
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: testInfo.outputPath('upload-link-received-390.png'), fullPage: true });

  // A wrong link gets the one plain answer.
  await phone.goto(`/p/${'x'.repeat(43)}`);
  await expect(phone.getByRole('heading', { name: 'Este enlace ya no es válido' })).toBeVisible();
  await phoneContext.close();

  // --- Back at the office: the expediente shows both files, received by link ------------------------------
  await page.goto(`/policies/${policy.id}`);
  const documents = page.getByRole('region', { name: 'Documentos' });
  const cards = documents.getByTestId('document-card');
  await expect(cards).toHaveCount(2);
  for (const name of ['ine.jpg', 'recibo-nomina-enero.pdf']) {
    await expect(cards.filter({ hasText: name }).getByTestId('received-by-link')).toHaveText(`Recibido por enlace · ${tenantName}`);
  }
  await expect(documents.getByTestId('checklist-item').filter({ hasText: 'Identificación del inquilino' })).toContainText('Entregado');
  await expect(page.getByRole('region', { name: 'Enlaces' }).getByText('Abierto', { exact: true })).toBeVisible();
  const history = page.locator('section#historial').getByRole('listitem');
  const upload = history.filter({ hasText: `Documento subido por enlace (Inquilino: ${tenantName}): Identificación del inquilino (ine.jpg)` });
  await expect(upload).toHaveCount(1);
  // The history names the person outside, not a deleted account (issue 29).
  await expect(upload).toContainText(`${tenantName} (inquilino, por enlace)`);
  await expect(page.locator('section#historial')).not.toContainText('Usuario eliminado');
});
