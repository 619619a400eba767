import { expect, test, type APIRequestContext } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

/** A small file that is what its name says: the server judges uploads by their first bytes. */
const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });

/**
 * A Básica policy with a complete form (a tenant with a reference, address, rent), its tenant's
 * INE and one income proof stored, and an appointment that names it: made through the API, since
 * this journey is about reading the expediente.
 */
async function policyWithPapers(request: APIRequestContext, tenantName: string) {
  const { token } = (await (await request.post('/api/auth/login', { data: admin })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const tenant = { ...exampleTenant(tenantName), address: examplePolicyInput().property!.address };
  const created = await request.post('/api/policy', {
    headers,
    data: examplePolicyInput({ policyType: 'basica', tenants: [tenant], specialnote: 'Mascota pequeña autorizada.' }),
  });
  expect(created.status()).toBe(201);
  const policy = (await created.json()) as { id: number; investigationId: string };
  for (const documentType of ['tenantId/ine', 'incomeProof']) {
    const upload = await request.post(`/api/files/upload/${policy.investigationId}/${documentType}`, { headers, multipart: { file: pdfFile('documento.pdf') } });
    expect(upload.status()).toBe(201);
  }
  const appointment = await request.post('/api/appo', {
    headers,
    data: { title: 'Firma de contrato', date: '2026-12-03', startTime: '10:00', endTime: '11:00', location: 'Sala de firmas, Polanco', type: 'signature', policyId: policy.id },
  });
  expect(appointment.status()).toBe(201);
  return policy;
}

/** Pages of a PDF Chromium made: one '/Type /Page' object per page ('/Pages' is the tree). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

test("a policy's expediente shows its documents checklist and history, opens at #documentos, and prints its summary on one page", async ({ page, request }, testInfo) => {
  const tenantName = unique('Valeria Montes ');
  const policy = await policyWithPapers(request, tenantName);
  // --- By URL (the list rows link here too) ---------------------------------------------------------
  await signInAsAdmin(page, `/policies/${policy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(policy.investigationId) })).toBeVisible();
  await expect(page.getByText('Sucursal Polanco')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumen' });
  await expect(summary.getByText(tenantName)).toBeVisible();
  await expect(summary.getByText('$18,500.00').first()).toBeVisible();
  await expect(summary.getByText('Calle Durango 214 int. 3, Roma Norte, Cuauhtémoc, Ciudad de México, C.P. 06700').first()).toBeVisible();

  // Documentos: what a Básica policy requires, and what is missing, named.
  const documents = page.getByRole('region', { name: 'Documentos' });
  const checklist = documents.getByTestId('checklist-item');
  await expect(checklist).toHaveCount(5);
  await expect(checklist.filter({ hasText: 'Carta Laboral' })).toContainText('Falta');
  await expect(checklist.filter({ hasText: 'Identificación del inquilino' })).toContainText('Entregado');
  await expect(checklist.filter({ hasText: 'Comprobantes de ingresos' })).toContainText('Faltan 2 de 3');
  await expect(documents.getByText('Faltan 4 documentos de 5.')).toBeVisible();
  await expect(documents.getByTestId('document-card')).toHaveCount(2);

  // Citas and Historial (newest first: the last upload above the creation).
  await expect(page.getByRole('region', { name: 'Citas' }).getByText('Firma de contrato', { exact: true })).toBeVisible();
  const history = page.locator('section#historial').getByRole('listitem');
  await expect(history.first()).toContainText('Documento subido: Comprobantes de ingresos (1)');
  await expect(history.last()).toContainText('Póliza creada');
  await page.screenshot({ path: testInfo.outputPath('expediente-1366.png'), fullPage: true });

  // --- A deep link opens at its section -----------------------------------------------------------
  await page.goto('/');
  await page.goto(`/policies/${policy.id}#documentos`);
  const section = page.locator('section#documentos');
  await expect(section).toBeFocused();
  await expect(section.getByRole('heading', { name: 'Documentos', exact: true })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Resumen' }).getByRole('heading', { name: 'Resumen', exact: true })).not.toBeInViewport();
  // The section menu works from the keyboard too.
  await page.getByRole('navigation', { name: 'Secciones del expediente' }).getByRole('link', { name: /Historial/ }).press('Enter');
  await expect(page).toHaveURL(/#historial$/);
  await expect(page.locator('section#historial')).toBeInViewport();

  // --- Printed: the summary alone, without the shell, on one page -----------------------------------
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Secciones del expediente' })).toBeHidden();
  await expect(documents).toBeHidden();
  await expect(summary.getByText(tenantName)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('expediente-print.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'Letter', printBackground: false });
  await testInfo.attach('resumen.pdf', { body: pdf, contentType: 'application/pdf' });
  expect(pdfPageCount(pdf)).toBe(1);
  // Printed with the browser's 'background graphics' on, the page is white paper: the screen's
  // grey page colour filled the half below the summary (issue 29).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(255, 255, 255)');
  const withBackgrounds = await page.pdf({ format: 'Letter', printBackground: true });
  expect(pdfPageCount(withBackgrounds)).toBe(1);
  await page.emulateMedia({ media: 'screen' });

  // --- On a phone: nothing wider than the screen ----------------------------------------------------
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/policies/${policy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(policy.investigationId) })).toBeVisible();
  await expect(page.getByTestId('checklist-item')).toHaveCount(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('expediente-390.png'), fullPage: true });
});

// Another branch's policy gets the same 404 from the server (policy-file.test.ts), so the same page.
test("a policy that does not exist is a 'not found' page in Spanish", async ({ page }) => {
  await signInAsAdmin(page, '/policies/2147483000');
  await expect(page.getByRole('heading', { level: 1, name: 'Póliza no encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a pólizas' })).toBeVisible();
  // The static paths beside it keep their screens.
  await page.goto('/policies/tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de Pólizas' })).toBeVisible();
});
