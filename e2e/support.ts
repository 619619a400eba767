import { expect, test, type Page } from '@playwright/test';
import type { LoginTokens } from '@portal/domain';

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@portal.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-E2E-2026',
};

/** A value unique to this run, so journeys never collide with data of an earlier test. */
export function unique(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * The login form, filled and sent; a step of its own so the JSON report shows what signing in costs.
 * For the journeys about signing in (auth, admin, mfa, temporary-password); the others sign in
 * through the API (`signInThroughApi`).
 */
export async function signIn(page: Page, email: string, password: string) {
  await test.step(`sign in as ${email}`, async () => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  });
}

/**
 * Signs in as the web app does, without its form (issue 30: the form cost 17 % of journey time
 * in journeys not about signing in): POST /api/auth/login with the page's own request context,
 * then the answer stored where the app keeps its session (apps/web/src/features/auth/session/
 * session-store.ts: `auth_token`, the rotating `refresh_token`, the user under `auth-storage`) on
 * the page's origin, then the page opens `path`. On load the app resumes that session from the
 * token's own expiry (session-lifecycle.ts `resumeSession`) and asks /api/auth/me, as after a
 * reload. Each call makes a session of its own: the refresh token rotates, so none is shared.
 * `path` null: the page stays on the liveness document, for a journey whose first page load is its subject.
 */
export async function signInThroughApi(page: Page, email: string, password: string, path: string | null = '/') {
  await test.step(`sign in as ${email} (API)`, async () => {
    const answer = await page.request.post('/api/auth/login', { data: { email, password } });
    expect(answer.status(), await answer.text()).toBe(200);
    const session = (await answer.json()) as LoginTokens;
    expect(session.token).toBeTruthy();
    // localStorage belongs to the origin: a light document of the portal's (the liveness check) to write it from.
    await page.goto('/api/health');
    await page.evaluate((s) => {
      localStorage.setItem('auth_token', s.token);
      localStorage.setItem('refresh_token', s.refreshToken);
      localStorage.setItem('auth-storage', JSON.stringify({ state: { user: s.user }, version: 0 }));
    }, session);
    if (path !== null) await page.goto(path);
  });
}

/** The admin, signed in through the API, on `path` (the dashboard unless told). */
export async function signInAsAdmin(page: Page, path = '/') {
  await signInThroughApi(page, admin.email, admin.password, path);
  // Signed in: the app did not send the page to /login.
  const pathname = new URL(path, 'http://portal.test').pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar Sesión' }).first().click();
  await expect(page.getByText('Sesión cerrada correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}
