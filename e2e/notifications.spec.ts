import { expect, test, type APIRequestContext } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInThroughApi, signInAsAdmin, unique } from './support';

async function tokenOf(request: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: credentials });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A new agent of branch 1 and a policy of theirs under investigation (only the tenant's INE uploaded). */
async function agentWithPolicyUnderInvestigation(request: APIRequestContext) {
  const agent = { email: `${unique('agente-')}@portal.test`, password: 'Agente-E2E-2026' };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await tokenOf(request, admin)}` },
    data: { ...agent, firstName: 'Elena', lastName: 'Campana', role: 'agent', branchId: 1, phone: '5511111111', mobile: '5522222222' },
  });
  expect(created.status()).toBe(201);
  const headers = { authorization: `Bearer ${await tokenOf(request, agent)}` };
  const policyResponse = await request.post('/api/policy', { headers, data: examplePolicyInput({ policyType: 'basica', tenants: [exampleTenant(unique('Inés Campos '))] }) });
  expect(policyResponse.status()).toBe(201);
  const policy = (await policyResponse.json()) as { id: number; investigationId: string };
  const upload = await request.post(`/api/files/upload/${policy.investigationId}/tenantId/ine`, {
    headers,
    multipart: { file: { name: 'INE.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% INE\n%%EOF\n') } },
  });
  expect(upload.status()).toBe(201);
  return { agent, policy };
}

test("an approval reaches the agent's bell, whose link opens the policy's expediente", async ({ browser, request }) => {
  // The agent's open page learns of it by polling (every 30 s). Its clock is Playwright's, so the
  // journey moves it on to the next poll rather than waiting for it (issue 30); the limits still
  // allow a round in real time.
  // 4× the run's limit per test (the config's, or --timeout): 120 s when the limit was 30 s.
  test.setTimeout(test.info().timeout * 4);
  const { agent, policy } = await agentWithPolicyUnderInvestigation(request);

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.clock.install();
  await agentPage.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(agentPage, agent.email, agent.password);
  await expect(agentPage).toHaveURL(/\/$/);
  const bell = agentPage.getByRole('button', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones: no tienes notificaciones sin leer');

  // The approver (an admin) approves from the investigation's results.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage, `/policies/results?folio=${encodeURIComponent(policy.investigationId)}`);
  await adminPage.getByRole('button', { name: 'Aprobar' }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: 'Aprobar investigación' });
  await dialog.getByRole('button', { name: 'Aprobar de todos modos' }).click();
  await expect(adminPage.getByText('Los documentos han sido aprobados correctamente')).toBeVisible();
  await adminContext.close();

  // The agent's bell counts it without a reload, on a phone: at its next poll, 30 s on (the
  // notification was written with the approval, notifications/index.ts).
  await agentPage.clock.fastForward('00:30');
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer', { timeout: 45_000 });
  await bell.click();
  const panel = agentPage.getByRole('dialog', { name: 'Notificaciones' });
  const link = panel.getByRole('link', { name: new RegExp(`Investigación aprobada: ${policy.investigationId}`) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(agentPage).toHaveURL(new RegExp(`/policies/${policy.id}$`));
  await expect(bell).toHaveAccessibleName('Notificaciones: no tienes notificaciones sin leer');
  await agentContext.close();
});

test("'Mi cuenta' shows the user's data and saves the e-mail choices", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: /Mi cuenta/ }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByRole('main').getByText(admin.email)).toBeVisible();
  const renewals = page.getByRole('checkbox', { name: 'Renovación creada' });
  await renewals.check();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(page.getByText('Preferencias guardadas')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Renovación creada' })).toBeChecked();
});
