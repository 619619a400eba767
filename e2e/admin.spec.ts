import { expect, test } from '@playwright/test';
import { signIn, signInAsAdmin, signOut, unique } from './support';

test('the admin creates a branch and a user; that user signs in, is kept out of admin, and once deactivated cannot sign in', async ({ page }) => {
  const branchName = unique('Sucursal Coyoacán ');
  const email = `${unique('agente.')}@portal.test`;
  const password = 'Agente-2026';

  await signInAsAdmin(page);

  // A new branch.
  await page.getByRole('link', { name: 'Gestión de Sucursales' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de Sucursales' })).toBeVisible();
  await page.getByRole('link', { name: 'Nueva Sucursal' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva Sucursal' })).toBeVisible();
  await page.getByLabel('Nombre').fill(branchName);
  await page.getByLabel('Calle').fill('Av. Miguel Ángel de Quevedo');
  await page.getByLabel('Número exterior').fill('500');
  await page.getByLabel('Colonia').fill('Romero de Terreros');
  await page.getByLabel('Alcaldía / Municipio').fill('Coyoacán');
  await page.getByLabel('Estado').fill('Ciudad de México');
  await page.getByLabel('Código postal').fill('0431');
  await page.getByLabel('Teléfono').fill('55 5554 0000');
  await page.getByLabel('Correo electrónico').fill('coyoacan@portal.test');
  await page.getByRole('button', { name: 'Crear Sucursal' }).click();
  await expect(page.getByText('El código postal debe tener exactamente 5 dígitos')).toBeVisible();
  await page.getByLabel('Código postal').fill('04310');
  await page.getByRole('button', { name: 'Crear Sucursal' }).click();
  await expect(page).toHaveURL(/\/admin\/branches$/);
  await page.getByPlaceholder('Buscar sucursales...').fill(branchName);
  await expect(page.getByText(branchName)).toBeVisible();
  await expect(page.getByText('Sin gerente')).toBeVisible();

  // A new agent in that branch.
  await page.getByRole('link', { name: 'Gestión de Usuarios' }).click();
  await page.getByRole('link', { name: 'Nuevo Usuario' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo Usuario' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Nombre').fill('Rosa');
  await page.getByLabel('Apellido').fill('Martínez');
  await page.getByLabel('Sucursal', { exact: true }).selectOption({ label: branchName });
  await page.getByLabel('Teléfono').fill('55 1111 2222');
  await page.getByLabel('Celular').fill('55 3333 4444');
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar contraseña').fill('Otra-Clave-1');
  await page.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByPlaceholder('Buscar usuarios...').fill(email);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toBeVisible();
  await expect(card.getByText('Agente')).toBeVisible();
  await expect(card.getByText(branchName)).toBeVisible();
  await signOut(page);

  // The agent signs in and is sent away from the admin screens.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText('Agente')).toBeVisible();
  await expect(page.getByText('Administración')).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);

  // The admin deactivates the agent, who can no longer sign in.
  await signInAsAdmin(page, '/admin/users');
  await page.getByPlaceholder('Buscar usuarios...').fill(email);
  const agentCard = page.getByRole('article').filter({ hasText: email });
  await agentCard.getByRole('button', { name: 'Desactivar' }).click();
  const dialog = page.getByRole('alertdialog');
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(agentCard.getByRole('button', { name: 'Activar' })).toBeVisible();
  await expect(agentCard.getByText('Inactivo')).toBeVisible();
  await signOut(page);

  await signIn(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
