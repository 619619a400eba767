import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInThroughApi, signInAsAdmin, unique } from './support';

/** Where the screenshots of these screens go, to be looked at (SHOTS_DIR, else beside Playwright's results). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results/careful-decisions';
const viewports = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function adminToken(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return ((await login.json()) as { token: string }).token;
}

/** A Básica policy under investigation with only the tenant's INE: four required documents missing. */
async function policyMissingDocuments(request: APIRequestContext, tenantName: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/api/policy', {
    headers,
    data: examplePolicyInput({ policyType: 'basica', tenants: [exampleTenant(tenantName)] }),
  });
  expect(created.status()).toBe(201);
  const policy = (await created.json()) as { id: number; investigationId: string };
  const upload = await request.post(`/api/files/upload/${policy.investigationId}/tenantId/ine`, {
    headers,
    multipart: { file: { name: 'INE.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% INE\n%%EOF\n') } },
  });
  expect(upload.status()).toBe(201);
  return policy;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name });

for (const viewport of viewports) {
  test(`approving with documents missing asks, and the reason shows in the history (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const tenant = unique('Rebeca Olvera ');
    const policy = await policyMissingDocuments(request, tenant);
    const folio = policy.investigationId;
    // From tracking, 'Mostrar Resultados' keeps 'Seguimiento' as the current item.
    await signInAsAdmin(page, '/policies/tracking');
    await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill(folio);
    // The searched list replaces the first one: a menu opened on the first would close with it.
    await expect(page.getByText('1 póliza', { exact: true })).toBeVisible();
    // A table row on a laptop, a card on a phone: the menu button is named after the folio in both.
    await page.getByRole('button', { name: `Acciones de la póliza ${folio}` }).click();
    await page.getByRole('menuitem', { name: 'Mostrar Resultados' }).click();
    await expect(page).toHaveURL(/\/policies\/results\?folio=.*from=tracking/);
    if (viewport.name === 'laptop') {
      await expect(sidebarLink(page, 'Seguimiento')).toHaveAttribute('aria-current', 'page');
      await expect(sidebarLink(page, 'Pólizas')).not.toHaveAttribute('aria-current');
    }
    await expect(page.getByRole('article', { name: 'INE.pdf' })).toBeVisible();

    await page.getByRole('button', { name: 'Aprobar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Aprobar investigación' });
    await expect(dialog.getByRole('list', { name: 'Documentos faltantes' }).getByRole('listitem')).toHaveText([
      'Comprobantes de ingresos',
      'Carta Laboral',
      'Comprobante de domicilio',
      'Identificación del propietario',
    ]);
    await dialog.getByLabel('Motivo (opcional)').fill('Autorizado por gerencia: la carta laboral llega el lunes');
    await shoot(page, `approve-dialog-${viewport.name}`);
    await dialog.getByRole('button', { name: 'Aprobar de todos modos' }).click();
    await expect(page.getByText('Los documentos han sido aprobados correctamente')).toBeVisible();
    await expect(page).toHaveURL(/\/policies$/);

    // The history of the policy says who approved, what was missing and why.
    await page.goto(`/policies/${policy.id}/edit`);
    const history = page.getByRole('region', { name: 'Historial' });
    await expect(history.getByText('De «En investigación» a «Investigación aprobada»')).toBeVisible();
    await expect(history.getByText('Motivo: Autorizado por gerencia: la carta laboral llega el lunes')).toBeVisible();
    await expect(history.getByText(/Aprobada con documentos faltantes: Comprobantes de ingresos, Carta Laboral/)).toBeVisible();
    await history.scrollIntoViewIfNeeded();
    await shoot(page, `history-reason-${viewport.name}`);

    // An admin may set a status outside the row menu's steps from the form: the history marks it.
    await page.getByRole('region', { name: 'Datos generales' }).getByLabel('Estatus').selectOption({ label: 'Activa' });
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page).toHaveURL(/\/policies$/);
    await page.goto(`/policies/${policy.id}/edit`);
    const jump = history.getByRole('listitem').first();
    await expect(jump).toContainText('De «Investigación aprobada» a «Activa»');
    await expect(jump.getByText('Salto de estatus')).toBeVisible();
    await jump.scrollIntoViewIfNeeded();
    await shoot(page, `history-jump-${viewport.name}`);
  });

  test(`leaving a form with unsaved changes asks first (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page, '/policies');
    await page.getByRole('link', { name: 'Nueva Póliza' }).click();
    await expect(page.getByRole('heading', { name: 'Nueva Póliza' })).toBeVisible();

    // Untouched, Cancelar just leaves.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/policies$/);
    await page.getByRole('link', { name: 'Nueva Póliza' }).click();

    const tenants = page.getByRole('region', { name: 'Inquilinos' });
    await tenants.getByLabel('Nombre del inquilino').fill('Diego Valdés');

    // Cancelar asks; 'Seguir editando' keeps the typing.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    const leaving = page.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
    await expect(leaving).toBeVisible();
    await shoot(page, `unsaved-changes-${viewport.name}`);
    await leaving.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page).toHaveURL(/\/policies\/new$/);
    await expect(tenants.getByLabel('Nombre del inquilino')).toHaveValue('Diego Valdés');

    // The browser's back asks too.
    await page.goBack();
    await expect(leaving).toBeVisible();
    await leaving.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page).toHaveURL(/\/policies\/new$/);

    // Removing a tenant with data asks before it goes.
    await tenants.getByRole('button', { name: 'Agregar inquilino' }).click();
    await tenants.getByRole('button', { name: 'Eliminar inquilino 1' }).click();
    const removing = page.getByRole('alertdialog', { name: '¿Eliminar inquilino 1?' });
    await expect(removing).toContainText('«Diego Valdés» tiene datos capturados que se quitarán del formulario.');
    await shoot(page, `remove-tenant-${viewport.name}`);
    await removing.getByRole('button', { name: 'Cancelar' }).click();
    await expect(tenants.getByRole('group', { name: 'Inquilino 1' }).getByLabel('Nombre del inquilino')).toHaveValue('Diego Valdés');

    // Closing the tab gets the browser's own question.
    let asked = '';
    page.once('dialog', (question) => {
      asked = question.type();
      void question.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe('beforeunload');
  });
}

test('the sidebar leads away from a changed form only after confirming', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsAdmin(page, '/policies/new');
  await page.getByRole('region', { name: 'Inquilinos' }).getByLabel('Nombre del inquilino').fill('Olga Ruiz');
  await sidebarLink(page, 'Dashboard').click();
  const leaving = page.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
  await leaving.getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard de Pólizas' })).toBeVisible();
});

test("an agent sees the policy's status read-only in the form", async ({ page, request }) => {
  const agent = { email: `${unique('agente-')}@portal.test`, password: 'Agente-E2E-2026' };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { ...agent, firstName: 'Elena', lastName: 'Agente', role: 'agent', branchId: 1, phone: '5511111111', mobile: '5522222222' },
  });
  expect(created.status()).toBe(201);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await signInThroughApi(page, agent.email, agent.password, '/policies/new');
    const status = page.getByRole('region', { name: 'Datos generales' }).getByLabel('Estatus');
    await expect(status).toHaveValue('Creada');
    await expect(status).not.toBeEditable();
    await status.scrollIntoViewIfNeeded();
    await shoot(page, `status-read-only-${viewport.name}`);
    await page.evaluate(() => localStorage.clear());
  }
});
