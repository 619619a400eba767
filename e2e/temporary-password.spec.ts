import { expect, test } from '@playwright/test';
import { admin, signIn, signInAsAdmin, signOut, unique } from './support';

test('an admin issues a temporary password; its holder must change it before anything else', async ({ page, request }) => {
  const agent = { email: `${unique('agente-temporal-')}@portal.test`, password: 'Agente-E2E-2026' };
  const login = await request.post('/api/auth/login', { data: admin });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...agent, firstName: 'Tomás', lastName: 'Temporal', role: 'agent', branchId: 1, phone: '5511111111', mobile: '5522222222' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signInAsAdmin(page, `/admin/users/${id}/edit`);
  await page.getByRole('button', { name: 'Generar contraseña temporal' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'Contraseña temporal (solo se muestra esta vez)' });
  const temporary = (await shown.locator('code').textContent())!.trim();
  expect(temporary).toHaveLength(12);
  await signOut(page);

  // The old password no longer works; the temporary one signs in, but only to change it.
  await signIn(page, agent.email, agent.password);
  await expect(page.getByText('Credenciales inválidas')).toBeVisible();
  await signIn(page, agent.email, temporary);
  await expect(page).toHaveURL(/\/account#cambiar-contrasena$/);
  await expect(page.getByLabel('Contraseña actual')).toBeFocused();

  // Any other screen sends the user back to the password form.
  await page.goto('/policies');
  await expect(page).toHaveURL(/\/account#cambiar-contrasena$/);

  const chosen = 'Propia-Segura-2026';
  await page.getByLabel('Contraseña actual').fill(temporary);
  await page.getByLabel('Nueva contraseña').fill(chosen);
  await page.getByLabel('Confirmar contraseña').fill(chosen);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada. Se cerraron sus otras sesiones.')).toBeVisible();

  await page.goto('/policies');
  await expect(page).toHaveURL(/\/policies$/);
  await signOut(page);
  await signIn(page, agent.email, chosen);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText(agent.email)).toBeVisible();
});
