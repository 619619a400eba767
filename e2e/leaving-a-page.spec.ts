import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSlowProxy, type SlowProxy } from './slow-proxy';
import { admin, signInAsAdmin, signInThroughApi } from './support';

/**
 * Issue 22: leaving a page while its list is still loading must never sign the user out. The
 * browser cancels a leaving page's fetches; only the spec's failures (the server answered
 * 401/403/500/504, the timeout passed, the server could not be reached while the page stays)
 * end a session. The list calls go through a proxy that holds them for 3 s.
 */

const listScreens = [
  { name: 'Pólizas', path: '/policies', call: '/api/policy/search' },
  { name: 'Seguimiento', path: '/policies/tracking', call: '/api/policy/search' },
  { name: 'Addendums', path: '/addendums', call: '/api/addendum/search' },
  { name: 'Control de Citas', path: '/appointments', call: '/api/appo/search' },
  { name: 'Leads', path: '/leads', call: '/api/leads' },
  { name: 'Dashboard', path: '/', call: '/api/policy/dashboard/' },
] as const;
type ListScreen = (typeof listScreens)[number];

let proxy: SlowProxy;
test.beforeAll(async ({ baseURL }) => {
  proxy = await startSlowProxy(baseURL!);
});
test.afterAll(async () => {
  await proxy.close();
});

/**
 * A session on the proxy's origin, stored as the app stores it; the page has not loaded the app
 * yet: its first load is the screen of the journey, as when the user types its address.
 */
async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: proxy.url, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  proxy.slowDown(null);
  await signInThroughApi(page, admin.email, admin.password, null);
  return page;
}

/** Opens the screen with its list call held, and returns once that call is on the wire. */
async function openWhileListLoads(page: Page, screen: ListScreen) {
  proxy.slowDown(screen.call);
  const listCall = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith(screen.call));
  await page.goto(screen.path);
  await listCall;
  proxy.slowDown(null);
}

async function expectSignedIn(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('banner').getByText(admin.email)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();
}

test.describe('leaving a page while its list loads keeps the session', () => {
  for (const screen of listScreens) {
    test(`${screen.name}: reload (F5)`, async ({ browser }) => {
      const page = await signedInPage(browser);
      await openWhileListLoads(page, screen);
      await page.reload();
      await expectSignedIn(page, screen.path);
      await page.context().close();
    });
  }

  test('Pólizas: typing the dashboard’s address while the list loads', async ({ browser }) => {
    const page = await signedInPage(browser);
    await openWhileListLoads(page, listScreens[0]);
    await page.goto('/');
    await expectSignedIn(page, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard de Pólizas' })).toBeVisible();
    await page.context().close();
  });

  test('Seguimiento: closing the tab while the list loads, then opening the portal again', async ({ browser }) => {
    const page = await signedInPage(browser);
    await openWhileListLoads(page, listScreens[1]);
    const context = page.context();
    await page.close({ runBeforeUnload: true });
    const again = await context.newPage();
    await again.goto('/addendums');
    await expectSignedIn(again, '/addendums');
    await context.close();
  });

  test('Control de Citas: moving to another screen inside the portal while the list loads', async ({ browser }) => {
    const page = await signedInPage(browser);
    await openWhileListLoads(page, listScreens[3]);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Pólizas', exact: true }).click();
    await expectSignedIn(page, '/policies');
    await expect(page.getByRole('heading', { name: 'Pólizas', exact: true })).toBeVisible();
    // The cancelled call's 3 s pass on the new screen without taking the session with them.
    await proxy.drained();
    await expectSignedIn(page, '/policies');
    await page.context().close();
  });
});

test('a server that cannot be reached while the page stays still ends the session (spec section 8)', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route(
    (url) => url.pathname.startsWith('/api/policy/search'),
    (route) => route.abort('connectionrefused'),
  );
  await page.goto('/policies');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpolicies/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});
