import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support';

/** Where the screenshots go, to be looked at (SHOTS_DIR, else beside Playwright's results). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results/retention';

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
]) {
  test(`'Retención de documentos' shows the branches' periods and the next run on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page, '/admin/retention');
    await expect(page.getByRole('heading', { level: 1, name: 'Retención de documentos' })).toBeVisible();
    const periods = page.getByRole('table', { name: 'Plazos por sucursal' });
    await expect(periods.getByRole('row', { name: /Sucursal Polanco/ })).toContainText('6 meses');
    await expect(page.getByRole('heading', { name: 'Se eliminarán en la próxima ejecución' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${shotsDir}/retention-${viewport.name}.png`, fullPage: true });
    await periods.getByRole('link', { name: 'Editar los plazos de Sucursal Polanco' }).click();
    await expect(page.getByRole('group', { name: 'Retención de documentos' })).toBeVisible();
  });
}
