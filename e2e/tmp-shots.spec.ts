import { test, type Page } from '@playwright/test';
import { businessDate } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

const dir = 'test-results/shots34';

async function shoot(page: Page, name: string, path: string, wait?: string) {
  for (const [w, h] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(path);
    if (wait) await page.locator('main').getByText(wait).first().waitFor();
    await page.waitForTimeout(wait ? 600 : 2500);
    await page.screenshot({ path: `${dir}/${name}-${w}.png`, fullPage: true });
  }
}

test('screens of issue 34', async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = await request.post('/api/auth/login', { data: admin });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const broker = (await (await request.post('/api/brokers', { headers, data: { kind: 'asesor', name: unique('Laura Asesora '), rfc: 'COSC8001137NA', isrWithholdingPercent: '10.00', ivaWithholdingPercent: '10.67', commissionIvaPercent: '16.00', branchId: 1 } })).json()) as { id: number };
  const base = examplePolicyInput();
  const policy = (await (await request.post('/api/policy', { headers, data: examplePolicyInput({ property: { ...base.property, rent: { ...base.property.rent, price: '18500', realEstate: true, realEstateInfo: { name: '', agent: '', brokerId: broker.id } } } }) })).json()) as { id: number };
  const fee = (await (await request.get(`/api/policy/${policy.id}/fee`, { headers })).json()) as { version: number };
  await request.post(`/api/policy/${policy.id}/fee-payments`, { headers: { ...headers, 'if-match': `"v${fee.version}"` }, data: { amount: '3000.00', receivedOn: businessDate(), method: 'cash', reference: 'Caja 1' } });
  await signInAsAdmin(page, '/');
  await shoot(page, 'expediente-honorarios', `/policies/${policy.id}#honorarios`, 'Honorarios');
  for (const w of [1366, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.locator('#honorarios').scrollIntoViewIfNeeded();
    await page.locator('#honorarios').screenshot({ path: `${dir}/honorarios-only-${w}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#honorarios').getByRole('button', { name: 'Facturar' }).click();
  await page.getByRole('dialog').getByLabel('RFC').fill('COSC8001137NA');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/facturar-dialog-390.png` });
  await page.keyboard.press('Escape');
  await shoot(page, 'policy-form', `/policies/${policy.id}/edit`);
  await shoot(page, 'billing', '/billing', 'Facturación');
  await shoot(page, 'invoices', '/invoices', 'Facturas');
  await shoot(page, 'brokers', '/brokers', 'Asesores');
  await shoot(page, 'broker', `/brokers/${broker.id}`, 'Comisiones');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Pagar comisiones' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/payout-dialog-390.png` });
  await page.keyboard.press('Escape');
  await shoot(page, 'commissions-report', '/reports/commissions', 'Comisiones por pagar');
  await shoot(page, 'tariffs', '/admin/tarifas', 'Tarifas');
  await shoot(page, 'dashboard', '/', 'Cobranza del mes');
  await shoot(page, 'branch-form', '/admin/branches/1/edit', 'Honorarios y comisiones');
});
