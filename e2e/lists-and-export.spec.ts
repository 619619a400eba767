import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

/**
 * Issue 14, lists a person can work with, at a laptop's 1366×768: from the dashboard's 'Activas'
 * card to the filtered list, a row into the policy's expediente, the list exported as CSV and read
 * back; list and tracking fit 1280 px without sideways scrolling.
 */
test.use({ viewport: { width: 1366, height: 768 } });

/** Two active policies of the admin's branch whose tenants share a unique, accented surname. */
async function createActivePolicies(request: import('@playwright/test').APIRequestContext, surname: string) {
  const login = await request.post('/api/auth/login', { data: admin });
  const { token } = (await login.json()) as { token: string };
  const ids: number[] = [];
  for (const first of ['Íñigo', 'Begoña']) {
    const response = await request.post('/api/policy', {
      headers: { authorization: `Bearer ${token}` },
      data: examplePolicyInput({ status: 'active', tenants: [exampleTenant(`${first} ${surname}`)] }),
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

/** Whether an element (or the page) is wider than its box: a horizontal scroll bar. */
async function scrollsSideways(page: Page, selector: string | null) {
  return page.evaluate((css) => {
    const element = css ? document.querySelector(css) : document.documentElement;
    if (!element) throw new Error(`no ${css}`);
    return element.scrollWidth > element.clientWidth;
  }, selector);
}

test('the Activas card opens the filtered list; a row opens the expediente; the export holds the same rows', async ({ page, request }) => {
  const surname = unique('Muñoz-Peña ');
  const ids = await createActivePolicies(request, surname);
  await signInAsAdmin(page);

  await page.getByRole('link', { name: /^Activas: \d+$/ }).click();
  await expect(page).toHaveURL(/\/policies\?.*status=active/);
  await expect(page.getByRole('heading', { name: 'Pólizas', exact: true })).toBeVisible();
  await expect(page.getByLabel('Estatus')).toHaveValue('active');

  await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill(surname);
  await expect(page).toHaveURL(/q=/);
  const table = page.getByRole('region', { name: 'Pólizas' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const folios = await table.getByRole('row').locator('td:first-child a').allTextContents();

  // The export: every row the filters select, with accents (BOM first, for Excel in Spanish).
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^polizas_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toContain('Folio de Investigación,Folio de Póliza,Estatus');
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(folios);
  expect(lines.join('\n')).toContain(`Íñigo ${surname}`);
  expect(lines.join('\n')).toContain(`Begoña ${surname}`);
  expect(lines.slice(1).every((line) => line.includes('Activa'))).toBe(true);

  // Back and forward walk the filters (they live in the URL).
  await page.getByLabel('Tipo de póliza').selectOption('plus');
  await expect(page).toHaveURL(/type=plus/);
  await expect(page.getByText('No se encontraron pólizas con los criterios seleccionados')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/type=plus/);
  await expect(table.getByRole('row')).toHaveCount(3);

  // A row opens the policy's expediente, with its documents checklist and its history.
  await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/policies/(${ids.join('|')})$`));
  await expect(page.getByRole('region', { name: 'Documentos' })).toBeVisible();
  await expect(page.locator('section#historial').getByRole('listitem').first()).toContainText('Póliza creada');
});

test('list and tracking fit 1280 px without sideways scrolling', async ({ page, request }) => {
  await createActivePolicies(request, unique('Ancho Hernández-Villaseñor '));
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  for (const [path, name] of [
    ['/policies', 'Pólizas'],
    ['/policies/tracking', 'Seguimiento de pólizas'],
  ] as const) {
    await page.goto(path);
    const region = page.getByRole('region', { name });
    await expect(region.getByRole('row').nth(1)).toBeVisible();
    expect(await scrollsSideways(page, `[role="region"][aria-label="${name}"]`), path).toBe(false);
    expect(await scrollsSideways(page, null), path).toBe(false);
  }
});
