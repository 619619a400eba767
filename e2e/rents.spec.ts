import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, addMonthsClamped, businessDate, periodLabel } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { completeJsonLines } from './json-lines';
import { admin, signInAsAdmin, unique } from './support';

/*
 * The policy's year (issue 32), end to end on the real server, its real job queue and a real SMTP
 * receiver: a policy in force for three months, one month paid from the expediente, the daily run
 * asks the owner by e-mail, the owner answers 'No' for the second month on a phone, and the
 * expediente, the list 'Con atraso' and the dashboard show the arrears.
 */

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/rents';

interface ReceivedMail {
  to: string[];
  text: string;
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The owner's links in the e-mails they received (the address is quoted-printable soft-wrapped: joined first). */
function ownerLinks(email: string): string[] {
  const mails = completeJsonLines<ReceivedMail>(process.env.E2E_MAIL_FILE!).filter((mail) => mail.to.includes(email));
  return mails.flatMap((mail) => [...mail.text.replace(/=\r?\n/g, '').matchAll(/https?:\/\/\S+?\/r\/([A-Za-z0-9_-]{43})/g)].map((match) => match[0]));
}

test("a month paid, the owner answers 'No' for the next by link, and the policy, the list and the dashboard show the arrears", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const today = businessDate();
  const start = addDays(addMonthsClamped(today, -3), -1);
  const owner = `${unique('propietario.')}@example.mx`.toLowerCase();
  const policyNumber = unique('RENTA-').slice(0, 30);
  const base = examplePolicyInput();
  const headers = await adminHeaders(request);
  const created = await request.post('/api/policy', {
    headers,
    data: examplePolicyInput({
      status: 'active',
      policyNumber,
      tenants: [exampleTenant(unique('Inés Moratoria '))],
      property: { ...base.property, owner: { ...base.property.owner, email: owner }, rent: { ...base.property.rent, contractStartDate: start, gracePeriod: '5' } },
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const policy = (await created.json()) as { id: number };
  const [first, second] = [start, addMonthsClamped(start, 1)];

  // --- Staff record the first month's payment in the expediente ---------------------------------------
  await signInAsAdmin(page, `/policies/${policy.id}#rentas`);
  const rents = page.locator('#rentas');
  await expect(rents.getByRole('list', { name: 'Calendario de rentas' }).getByRole('button')).toHaveCount(12);
  await rents.getByRole('button', { name: 'Registrar pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
  await dialog.getByLabel('Importe').fill('18500');
  await dialog.getByLabel('Fecha de recepción').fill(addDays(first, 2));
  await dialog.getByLabel('Forma de pago').selectOption({ label: 'Transferencia / SPEI' });
  await dialog.getByLabel('Referencia').fill('SPEI 4471');
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(rents.getByRole('button', { name: new RegExp(`${periodLabel(first.slice(0, 7))}.*Pagada`, 'i') })).toBeVisible();

  // --- The daily run asks the owner, by e-mail, about each month late and unpaid -------------------
  const run = await request.post('/api/admin/jobs/rent-arrears/run', { headers });
  expect(run.status()).toBe(202);
  let secondLink = '';
  await expect
    .poll(
      async () => {
        // The run queues the e-mails; the outbox's own job sends them each minute — or now, as an admin's 'Ejecutar ahora'.
        if (ownerLinks(owner).length === 0) await request.post('/api/admin/jobs/email-delivery/run', { headers });
        for (const link of ownerLinks(owner)) {
          const view = await request.get(`/api/public/rent-confirmations/${link.split('/r/')[1]}`);
          if (view.ok() && ((await view.json()) as { period: string }).period === second.slice(0, 7)) secondLink = link;
        }
        return secondLink;
      },
      { timeout: 45_000, intervals: [2_000], message: "the owner's e-mail about the second month" },
    )
    .not.toBe('');

  // --- The owner answers 'No' on a phone ------------------------------------------------------------
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX', timezoneId: 'America/Mexico_City', isMobile: true, hasTouch: true });
  const ownerPage = await phone.newPage();
  await ownerPage.goto(secondLink);
  await expect(ownerPage.getByText(new RegExp(`renta de ${periodLabel(second.slice(0, 7))} \\(\\$18,500\\.00\\)`, 'i'))).toBeVisible();
  await ownerPage.screenshot({ path: `${shotsDir}/owner-question-390.png`, fullPage: true });
  await ownerPage.getByRole('button', { name: 'No', exact: true }).click();
  await ownerPage.getByRole('button', { name: 'Sí, no la recibí' }).click();
  await expect(ownerPage.getByText('Gracias, registramos su respuesta.')).toBeVisible();
  await ownerPage.screenshot({ path: `${shotsDir}/owner-thanks-390.png`, fullPage: true });
  await phone.close();

  // --- Staff see the arrears: the expediente, the list 'Con atraso', the dashboard ------------------
  await page.reload();
  await expect(page.locator('#rentas').getByText(/^Atraso: 2 meses, \$37,000\.00, \d+ días$/)).toBeVisible();
  await expect(page.locator('#rentas').getByRole('button', { name: new RegExp(`${periodLabel(second.slice(0, 7))}.*En mora`, 'i') })).toBeVisible();
  await page.locator('#rentas').screenshot({ path: `${shotsDir}/rents-section-1366.png` });

  await page.goto('/');
  const card = page.getByRole('link', { name: /Con atraso/ });
  await expect(card).toContainText(/\d+\s*pólizas? · \$[\d,]+\.\d{2}/);
  await card.click();
  await expect(page).toHaveURL(/\/policies\?.*arrears=1/);
  await expect(page.getByRole('checkbox', { name: 'Con atraso' })).toBeChecked();
  await expect(page.getByText(policyNumber).first()).toBeVisible();

  await page.goto('/rents/arrears');
  await expect(page.getByRole('link', { name: policyNumber })).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/arrears-report-1366.png`, fullPage: true });
});
