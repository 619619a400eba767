import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { examplePolicyInput } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

/**
 * Issue 28: one record open in two tabs. Tab 1 saves; tab 2's save is refused with who saved and
 * when, keeps what tab 2 typed, and 'Recargar' shows tab 1's change (decision 023).
 */

const staleMessage = /guardó cambios a las \d\d:\d\d\. Recargue para verlos; lo que usted escribió sigue aquí\./;

async function apiToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: admin });
  return ((await login.json()) as { token: string }).token;
}

/** A second tab of the same browser (same session). */
async function secondTab(page: Page): Promise<Page> {
  return page.context().newPage();
}

test('the policy form: the second tab is told who saved, keeps its text, and reloads the first tab’s', async ({ page, request }) => {
  const token = await apiToken(request);
  const created = await request.post('/api/policy', { headers: { authorization: `Bearer ${token}` }, data: examplePolicyInput() });
  expect(created.status()).toBe(201);
  const policy = (await created.json()) as { id: number };

  await signInAsAdmin(page);
  const tab2 = await secondTab(page);
  await page.goto(`/policies/${policy.id}/edit`);
  await tab2.goto(`/policies/${policy.id}/edit`);
  const note1 = unique('Nota de la pestaña 1 ');
  const note2 = unique('Nota de la pestaña 2 ');

  await page.getByLabel('Notas especiales').fill(note1);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Póliza actualizada exitosamente')).toBeVisible();

  await tab2.getByLabel('Notas especiales').fill(note2);
  await tab2.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(tab2.getByText(staleMessage)).toBeVisible();
  await expect(tab2.getByLabel('Notas especiales')).toHaveValue(note2);
  await expect(tab2).toHaveURL(new RegExp(`/policies/${policy.id}/edit$`));

  await tab2.getByRole('button', { name: 'Recargar' }).click();
  await expect(tab2.getByLabel('Notas especiales')).toHaveValue(note1);
  await expect(tab2.getByText(staleMessage)).toHaveCount(0);
});

test('the lead form: the second tab is told who saved, keeps its text, and reloads the first tab’s', async ({ page }) => {
  const name = unique('Óscar Ruiz ');
  await signInAsAdmin(page, '/leads');
  await page.getByRole('button', { name: 'Nuevo Lead' }).click();
  const created = page.getByRole('dialog', { name: 'Nuevo Lead' });
  await created.getByLabel('Nombre').fill(name);
  await created.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText(`${name} ha sido creado correctamente`)).toBeVisible();

  const tab2 = await secondTab(page);
  await tab2.goto('/leads');
  const openEditor = async (tab: Page) => {
    await tab.getByRole('button', { name: `Editar lead ${name}` }).click();
    return tab.getByRole('dialog', { name: 'Editar Lead' });
  };
  const dialog1 = await openEditor(page);
  const dialog2 = await openEditor(tab2);

  await dialog1.getByLabel('Nombre').fill(`${name} (pestaña 1)`);
  await dialog1.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText(`${name} (pestaña 1) ha sido actualizado correctamente`)).toBeVisible();

  await dialog2.getByLabel('Nombre').fill(`${name} (pestaña 2)`);
  await dialog2.getByRole('button', { name: 'Actualizar' }).click();
  await expect(dialog2.getByText(staleMessage)).toBeVisible();
  await expect(dialog2.getByLabel('Nombre')).toHaveValue(`${name} (pestaña 2)`);

  await dialog2.getByRole('button', { name: 'Recargar' }).click();
  await expect(dialog2.getByLabel('Nombre')).toHaveValue(`${name} (pestaña 1)`);
  await expect(dialog2.getByText(staleMessage)).toHaveCount(0);
});
