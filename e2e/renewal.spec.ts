import { expect, test, type APIRequestContext } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** An expired policy whose 12-month term ran from 15 January 2025 to 14 January 2026. */
async function expiredPolicy(request: APIRequestContext, tenantName: string, policyNumber: string) {
  const base = examplePolicyInput();
  const created = await request.post('/api/policy', {
    headers: await adminHeaders(request),
    data: examplePolicyInput({
      status: 'expired',
      policyNumber,
      tenants: [exampleTenant(tenantName)],
      property: { ...base.property, rent: { ...base.property.rent, contractStartDate: '2025-01-15' } },
    }),
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; investigationId: string; endDate: string };
}

test('renewing an expired policy from its expediente lands on the new policy’s form, prefilled and linked', async ({ page, request }) => {
  const tenant = unique('Renata Salgado ');
  const number = unique('R').slice(0, 30);
  const old = await expiredPolicy(request, tenant, number);
  expect(old.endDate).toBe('2026-01-14');

  await signInAsAdmin(page, `/policies/${old.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(old.investigationId) })).toBeVisible();
  await expect(page.getByText('15 ene 2025 – 14 ene 2026')).toBeVisible();

  await page.getByRole('button', { name: 'Renovar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Renovar póliza' });
  await expect(dialog).toContainText(number);
  await dialog.getByRole('button', { name: 'Renovar' }).click();

  await expect(page).toHaveURL(/\/policies\/(\d+)\/edit$/);
  const newId = Number(/\/policies\/(\d+)\/edit$/.exec(page.url())![1]);
  expect(newId).not.toBe(old.id);
  await expect(page.getByLabel('Nombre del inquilino')).toHaveValue(tenant);
  await expect(page.getByLabel('Póliza anterior')).toHaveValue(number);
  await expect(page.getByLabel('Inicio del contrato')).toHaveValue('2026-01-15');
  await expect(page.getByLabel('Fin de vigencia')).toHaveText('14 de enero de 2027');

  // The old expediente links to its renewal and no longer offers 'Renovar'.
  await page.goto(`/policies/${old.id}`);
  await expect(page.getByRole('link', { name: 'Ver póliza renovada' })).toHaveAttribute('href', `/policies/${newId}`);
  await expect(page.getByRole('button', { name: 'Renovar' })).toHaveCount(0);
  await expect(page.getByText(/Renovada como INV-/)).toBeVisible();
});
