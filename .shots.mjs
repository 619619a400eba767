import { chromium } from 'playwright-core';
const base = 'http://localhost:3200';
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [w, h, tag] of [[1366, 800, 'lap'], [390, 844, 'phone']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'es-MX' });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Correo electrónico').fill('admin@portal.local');
  await page.getByLabel('Contraseña').fill('secreto123');
  await page.getByRole('button', { name: /Iniciar/ }).click();
  await page.waitForURL(base + '/');
  for (const p of pages) {
    const [url, action] = p.split('#');
    await page.goto(base + url);
    await page.waitForTimeout(1500);
    if (action === 'bell') { await page.getByRole('button', { name: /otificaciones/ }).first().click(); await page.waitForTimeout(800); }
    const name = (url.replace(/[\/?=&]/g, '_') + (action ? '-' + action : '')) + '-' + tag + '.png';
    await page.screenshot({ path: '/tmp/shots/' + name, fullPage: true });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
