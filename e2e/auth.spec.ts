import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { admin, signIn, signOut } from './support';

test('sign in, see the shell, sign out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('type', 'email');

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('banner');
  await expect(banner.getByText(admin.email)).toBeVisible();
  await expect(banner.getByText('Administrador')).toBeVisible();
  const nav = page.getByRole('navigation').first();
  for (const item of ['Dashboard', 'Pólizas', 'Seguimiento', 'Control de Citas', 'Addendums', 'Leads', 'Gestión de Usuarios', 'Gestión de Sucursales']) {
    // exact: 'Leads' is also in 'Captura de leads' (issue 20).
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Administración')).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole('banner').getByText(admin.email)).toBeVisible();

  await signOut(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password is refused with "Credenciales inválidas"', async ({ page }) => {
  await signIn(page, admin.email, 'no-es-la-clave');
  await expect(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('after signing in, the user lands on the page first asked for', async ({ page }) => {
  await page.goto('/admin/branches');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña').fill(admin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/branches$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Sucursales' })).toBeVisible();
});

// Issue 30's budget, held here so a slide fails the build instead of waiting for a report: the
// JavaScript /login loads signed out, gzipped at level 9 as bench/login-js.ts counts it. The
// contracts' schemas (zod) come only once the form is sent (features/auth/load-auth-endpoints.ts).
test('/login, signed out, loads at most 130 KB of JavaScript and no schemas until sign-in', async ({ page }) => {
  const scripts: Array<{ url: string; body: Promise<Buffer> }> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.body() });
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  let gzipBytes = 0;
  for (const script of scripts) gzipBytes += gzipSync(await script.body, { level: 9 }).length;
  expect(gzipBytes / 1000, scripts.map((script) => script.url).join('\n')).toBeLessThanOrEqual(130);
  expect(scripts.some((script) => /\/zod-/.test(script.url))).toBe(false);

  const loaded = scripts.length;
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/$/);
  expect(scripts.slice(loaded).some((script) => /\/zod-/.test(script.url))).toBe(true);
});
