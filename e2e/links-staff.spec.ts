import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

/** Where the screenshots of these screens go, to be looked at (SHOTS_DIR, else beside Playwright's results). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results/links';
const phone = { width: 390, height: 844 };

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function createdPolicy(request: APIRequestContext, tenantName: string) {
  const created = await request.post('/api/policy', { headers: await adminHeaders(request), data: examplePolicyInput({ branchId: 1, tenants: [exampleTenant(tenantName)] }) });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; investigationId: string };
}

/** Nothing sticks out sideways: the page is as wide as the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('on a phone, staff create a link from the expediente, see it opened, and revoke it', async ({ page, request }) => {
  const tenant = unique('Lucía Enlaces ');
  const policy = await createdPolicy(request, tenant);
  await page.setViewportSize(phone);
  await signInAsAdmin(page, `/policies/${policy.id}#enlaces`);
  const links = page.getByRole('region', { name: 'Enlaces' });
  await expect(links.getByText('Aún no hay enlaces para esta póliza.')).toBeVisible();

  await links.getByRole('button', { name: 'Nuevo enlace' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo enlace' });
  await expect(form.getByLabel('Persona')).toHaveValue('tenant:0');
  await form.getByLabel('Enviar por correo').check();
  await expect(form.getByText('Se enviará a inquilino@example.mx.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await form.getByRole('button', { name: 'Crear enlace' }).click();

  const issued = page.getByRole('dialog', { name: 'Enlace listo' });
  const url = await issued.getByLabel('Enlace').inputValue();
  expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
  await expect(issued.getByRole('link', { name: 'Enviar por WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/525511122233\?text=/);
  await expect(issued.getByText('Este enlace solo se muestra ahora.', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shotsDir}/issued-link-phone.png` });
  await issued.getByRole('button', { name: 'Listo' }).click();

  const row = links.getByTestId('public-link');
  await expect(row).toContainText(`Inquilino: ${tenant}`);
  await expect(row).toContainText('Enviado');

  // The person opens it (no session): staff see 'Abierto'.
  const token = url.split('/p/')[1]!;
  expect((await request.get(`/api/public/links/${token}`)).status()).toBe(200);
  await page.reload();
  await expect(links.getByTestId('public-link')).toContainText('Abierto');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shotsDir}/expediente-links-phone.png`, fullPage: true });

  await links.getByRole('button', { name: `Revocar el enlace de Inquilino: ${tenant}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Revocar este enlace?' });
  await expect(confirm).toContainText('La persona ya no podrá usarlo.');
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(links.getByTestId('public-link')).toContainText('Revocado');
  expect((await request.get(`/api/public/links/${token}`)).status()).toBe(404);

  // The history records both.
  await expect(page.getByText(`Enlace creado: Subir documentos (Inquilino ${tenant})`)).toBeVisible();
  await expect(page.getByText(`Enlace revocado: Subir documentos (Inquilino ${tenant})`)).toBeVisible();
});

test("the admin's 'Aviso de privacidad' shows the current version on a phone", async ({ page }) => {
  await page.setViewportSize(phone);
  await signInAsAdmin(page, '/admin/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Texto del aviso' })).toHaveValue(/AVISO DE PRIVACIDAD/);
  await expect(page.getByTestId('privacy-version').first()).toContainText('Vigente');
  await expectNoSidewaysScroll(page);
});
