import { expect, test } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

test('an addendum for an active policy, with its signed PDF attached, is listed and downloads the same bytes', async ({ page, request }) => {
  // The active policy comes from the API: this journey is about its addendum.
  const tenant = unique('Mariana Ávila ');
  const policyNumber = unique('POL-2026-');
  const login = await request.post('/api/auth/login', { data: admin });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/policy', {
    headers: { authorization: `Bearer ${token}` },
    data: examplePolicyInput({ status: 'active', policyNumber, tenants: [exampleTenant(tenant)] }),
  });
  expect(created.status()).toBe(201);
  const policy = (await created.json()) as { id: number };

  const description = unique('Incremento de renta ');
  const pdf = Buffer.from(`%PDF-1.4\n% Addendum firmado ${description}\n%%EOF\n`);

  await signInAsAdmin(page);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Addendums' }).click();
  await expect(page.getByRole('heading', { name: 'Addendums', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo Addendum' }).click();
  await expect(page.getByRole('heading', { name: 'Crear Nuevo Addendum' })).toBeVisible();

  // The file waits for the policy; required fields speak Spanish.
  await expect(page.getByLabel('Seleccionar archivo del addendum')).toBeDisabled();
  await page.getByRole('button', { name: 'Crear Addendum' }).click();
  await expect(page.getByText('El campo Descripción es obligatorio')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar póliza...' }).fill(policyNumber);
  const policySelect = page.getByRole('combobox', { name: 'Póliza' });
  await expect(policySelect.locator('option', { hasText: policyNumber })).toHaveCount(1);
  await policySelect.selectOption(String(policy.id));
  await page.getByLabel('Descripción').fill(description);
  await page.getByLabel('Monto').fill('1500.50');
  await page.getByLabel('Fecha inicial').fill('2026-12-01');
  await page.getByLabel('Fecha final').fill('2027-11-30');
  await page.getByLabel('Estado').selectOption({ label: 'Activo' });
  await page.getByLabel('Seleccionar archivo del addendum').setInputFiles({ name: 'Addendum firmado.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Crear Addendum' }).click();

  await expect(page.getByText('Addendum creado correctamente')).toBeVisible();
  await expect(page.getByText('Archivo subido exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/addendums$/);

  // In the list: the policy's number (from the policy), the amount in pesos, both dates in Spanish, 'Activo'.
  await page.getByRole('searchbox').first().fill(description);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(policyNumber);
  await expect(row).toContainText('$1,500.50');
  await expect(row).toContainText('01 dic 2026');
  await expect(row).toContainText('30 nov 2027');
  await expect(row).toContainText('Activo');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Descargar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`addendum_${policy.id}.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

  // The policy's history tells what happened.
  await page.goto(`/policies/${policy.id}/edit`);
  await expect(page.getByText(`Addendum creado: ${description}`)).toBeVisible();
});
