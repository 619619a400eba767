import { expect, test, type Page } from '@playwright/test';

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@portal.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-E2E-2026',
};

/** A value unique to this run, so journeys never collide with data of an earlier test. */
export function unique(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The login form, filled and sent; a step of its own so the JSON report shows what signing in costs. */
export async function signIn(page: Page, email: string, password: string) {
  await test.step(`sign in as ${email}`, async () => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  });
}

export async function signInAsAdmin(page: Page) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar Sesión' }).first().click();
  await expect(page.getByText('Sesión cerrada correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}
