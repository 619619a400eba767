import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, addMonthsClamped, businessDate, type ClaimDetail } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { completeJsonLines } from './json-lines';
import { pdfText } from './pdf-text';
import { admin, signInAsAdmin, unique } from './support';

/*
 * Incidencias (issue 33), end to end on the real server, its job queue and a real SMTP receiver:
 * the owner reports a missed rent through their link on a phone, staff open the case, draw the
 * requerimiento, record a convenio whose first instalment goes unpaid (the daily run sends the
 * case back to Gestión), file the demand with a término that shows in the calendar and e-mails
 * its reminder to the lawyer, and close the case as 'Inmueble recuperado'.
 */

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/claims';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function runJob(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const run = await request.post(`/api/admin/jobs/${name}/run`, { headers });
  expect(run.status(), await run.text()).toBe(202);
}

async function claimOf(request: APIRequestContext, headers: Record<string, string>, id: number): Promise<ClaimDetail> {
  const answer = await request.get(`/api/claims/${id}`, { headers });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ClaimDetail;
}

/** A stage change through 'Cambiar etapa' in the case's 'Etapas'. */
async function changeStage(page: Page, stage: string, note: string) {
  await page.getByRole('tab', { name: 'Etapas' }).click();
  await page.getByRole('button', { name: 'Cambiar etapa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar etapa' });
  await dialog.getByLabel('Nueva etapa').selectOption({ label: stage });
  await dialog.getByLabel('Nota').fill(note);
  await dialog.getByRole('button', { name: 'Cambiar etapa' }).click();
}

test("an owner reports a missed rent by link, and the case goes from the requerimiento to a convenio, a demand and the recovered property", async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const today = businessDate();
  const headers = await adminHeaders(request);

  // --- The office's lawyer, and a policy three months in force with nothing paid ---------------------
  const lawyer = { email: `${unique('abogada.')}@portal.test`.toLowerCase(), password: 'Abogada-E2E-2026' };
  const createdLawyer = await request.post('/api/users', { headers, data: { ...lawyer, firstName: 'Lucía', lastName: 'Abogada', role: 'lawyer', branchId: 1, phone: '5511111111', mobile: '5522222222' } });
  expect(createdLawyer.status(), await createdLawyer.text()).toBe(201);
  const lawyerId = ((await createdLawyer.json()) as { id: number }).id;

  const start = addDays(addMonthsClamped(today, -3), -1);
  const owner = `${unique('propietaria.')}@example.mx`.toLowerCase();
  const policyNumber = unique('INC-').slice(0, 30);
  const base = examplePolicyInput();
  const created = await request.post('/api/policy', {
    headers,
    data: examplePolicyInput({
      status: 'active',
      policyNumber,
      tenants: [exampleTenant(unique('Óscar Moroso '))],
      property: { ...base.property, owner: { ...base.property.owner, email: owner }, rent: { ...base.property.rent, contractStartDate: start, gracePeriod: '5' } },
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const policy = (await created.json()) as { id: number };
  // The daily run puts the months past their deadline En mora: what the case will claim.
  await runJob(request, headers, 'rent-arrears');
  await expect
    .poll(async () => ((await (await request.get(`/api/policy/${policy.id}/rents`, { headers })).json()) as { rows: Array<{ state: string }> }).rows.filter((row) => row.state === 'overdue').length, { timeout: 30_000 })
    .toBeGreaterThan(1);

  // --- Staff give the owner their link ('Enlace del propietario', shown once) --------------------------
  await signInAsAdmin(page, `/policies/${policy.id}#incidencias`);
  const section = page.locator('#incidencias');
  await section.getByRole('button', { name: 'Enlace del propietario' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Enlace del propietario' });
  await linkDialog.getByRole('button', { name: 'Generar enlace' }).click();
  const ownerUrl = await linkDialog.getByLabel(/^Enlace para/).inputValue();
  expect(ownerUrl).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
  await page.keyboard.press('Escape');

  // --- The owner reports the missed rent on a phone -------------------------------------------------
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX', timezoneId: 'America/Mexico_City', isMobile: true, hasTouch: true });
  const ownerPage = await phone.newPage();
  await ownerPage.goto(ownerUrl);
  await ownerPage.getByRole('checkbox').check();
  await ownerPage.getByRole('button', { name: 'Acepto y continúo' }).click();
  await expect(ownerPage.getByText('No tiene incidencias abiertas')).toBeVisible();
  await ownerPage.getByLabel('Tipo de problema').selectOption({ label: 'Falta de pago' });
  await ownerPage.getByLabel('Descripción').fill('El inquilino no ha pagado las últimas rentas y no contesta el teléfono.');
  await ownerPage.getByRole('button', { name: 'Enviar reporte' }).click();
  await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Enviar reporte' }).click();
  const received = ownerPage.getByText(/Recibimos su reporte INC-\d{5}/);
  await expect(received).toBeVisible();
  const number = /INC-\d{5}/.exec((await received.textContent()) ?? '')![0];
  const claimId = Number(number.slice(4));
  await ownerPage.screenshot({ path: `${shotsDir}/owner-report-390.png`, fullPage: true });

  // --- Staff see the report to review and open the case ---------------------------------------------
  await page.goto('/claims');
  const row = page.getByRole('link', { name: number });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/claims-list-1366.png`, fullPage: true });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claimId}`));
  await expect(page.getByText('Por revisar').first()).toBeVisible();
  await changeStage(page, 'Validación', 'Reporte revisado: el contrato y los pagarés están en el expediente.');
  await expect(page.getByText('Abierta').first()).toBeVisible();
  const opened = await claimOf(request, headers, claimId);
  expect(opened).toMatchObject({ status: 'open', stage: 'validation', source: 'owner_link', type: 'non_payment' });
  expect(Number(opened.rentClaimed)).toBeGreaterThanOrEqual(37_000);
  const assigned = await request.patch(`/api/claims/${claimId}`, { headers: { ...headers, 'if-match': `"v${opened.version}"` }, data: { assigneeId: lawyerId } });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // --- The requerimiento de pago, drawn and read back --------------------------------------------------
  await page.reload();
  await page.getByRole('tab', { name: 'Documentos' }).click();
  await page.getByRole('button', { name: 'Requerimiento de pago' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Generar' }).click();
  await expect(page.getByRole('list', { name: 'Documentos generados' }).getByText('Requerimiento de pago')).toBeVisible();
  const withDocument = await claimOf(request, headers, claimId);
  const pdf = await request.get(`/api/claims/documents/${withDocument.documents[0]!.id}`, { headers });
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = await pdfText(new Uint8Array(await pdf.body()));
  expect(text).toContain(number);
  expect(text).toContain('$18,500.00');
  expect(text).toContain('no es una notificación ni una resolución de un juzgado');

  // --- A convenio: its first instalment was due yesterday and is not paid ----------------------------
  await page.getByRole('tab', { name: 'Convenio de pago' }).click();
  await page.getByRole('button', { name: 'Crear convenio' }).click();
  const agreement = page.getByRole('dialog', { name: 'Crear convenio' });
  await agreement.getByLabel('Fecha de la parcialidad 1').fill(addDays(today, -1));
  await agreement.getByLabel('Importe de la parcialidad 1').fill('18500');
  await agreement.getByRole('button', { name: 'Agregar parcialidad' }).click();
  await agreement.getByLabel('Fecha de la parcialidad 2').fill(addDays(today, 30));
  await agreement.getByLabel('Importe de la parcialidad 2').fill('18500');
  await agreement.getByRole('button', { name: 'Crear convenio' }).click();
  await expect(page.getByText('Convenio vigente')).toBeVisible();
  await runJob(request, headers, 'claim-instalments');
  await expect.poll(async () => (await claimOf(request, headers, claimId)).stage, { timeout: 30_000 }).toBe('extrajudicial');
  await page.reload();
  await expect(page.getByText('Vencida').first()).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/agreement-missed-1366.png`, fullPage: true });

  // --- The demand, with a término tomorrow: in the calendar and in the lawyer's e-mail -----------------
  await changeStage(page, 'Demanda', 'Convenio incumplido: se presenta la demanda de desahucio.');
  await page.getByRole('tab', { name: 'Demanda' }).click();
  await page.getByRole('button', { name: 'Capturar demanda' }).click();
  const lawsuit = page.getByRole('dialog', { name: 'Capturar demanda' });
  await lawsuit.getByLabel('Juzgado').fill('Juzgado 12 de lo Civil de Proceso Oral, CDMX');
  await lawsuit.getByLabel('Expediente judicial').fill('1234/2026');
  await lawsuit.getByLabel('Presentación de la demanda').fill(today);
  await lawsuit.getByRole('button', { name: 'Guardar demanda' }).click();
  await expect(page.getByText('1234/2026')).toBeVisible();
  const deadline = unique('Desahogar la prevención ');
  await page.getByRole('button', { name: 'Agregar término' }).click();
  const term = page.getByRole('dialog', { name: 'Agregar término' });
  await term.getByLabel('Vencimiento').fill(addDays(today, 1));
  await term.getByLabel('Descripción').fill(deadline);
  await term.getByRole('button', { name: 'Agregar término' }).click();
  await expect(page.getByRole('list', { name: 'Términos' }).getByText(deadline)).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/lawsuit-1366.png`, fullPage: true });

  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Ver Calendario' }).click();
  const inCalendar = page.getByRole('link', { name: new RegExp(`^Término: ${deadline}, ${number}`) }).first();
  // Tomorrow may open the next period (the last day of a month or week).
  const shown = await inCalendar.waitFor({ timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) await page.getByRole('button', { name: 'Periodo siguiente' }).click();
  await expect(inCalendar).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/calendar-1366.png`, fullPage: true });

  await runJob(request, headers, 'claim-deadlines');
  await expect
    .poll(
      async () => {
        await request.post('/api/admin/jobs/email-delivery/run', { headers });
        return completeJsonLines<ReceivedMail>(process.env.E2E_MAIL_FILE!).some((mail) => mail.to.includes(lawyer.email) && mail.text.replace(/=\r?\n/g, '').includes(deadline.slice(0, 20)));
      },
      { timeout: 45_000, intervals: [2_000], message: "the término's reminder in the lawyer's e-mail" },
    )
    .toBe(true);

  // --- The property is recovered: the case closes with its result --------------------------------------
  await page.goto(`/claims/${claimId}`);
  await page.getByRole('tab', { name: 'Etapas' }).click();
  await page.getByRole('button', { name: 'Cambiar etapa' }).click();
  const close = page.getByRole('dialog', { name: 'Cambiar etapa' });
  await close.getByLabel('Nueva etapa').selectOption({ label: 'Cerrada' });
  await close.getByLabel('Resultado').selectOption({ label: 'Inmueble recuperado' });
  await close.getByLabel('Nota').fill('Lanzamiento ejecutado; llaves entregadas al propietario.');
  await close.getByRole('button', { name: 'Cambiar etapa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar incidencia' }).click();
  await expect(page.getByText('Inmueble recuperado').first()).toBeVisible();
  expect(await claimOf(request, headers, claimId)).toMatchObject({ status: 'closed', result: 'property_recovered' });
  await page.screenshot({ path: `${shotsDir}/claim-closed-1366.png`, fullPage: true });

  // The owner's page says so in plain words, never the office's notes.
  await ownerPage.reload();
  await expect(ownerPage.getByText('El caso está cerrado.')).toBeVisible();
  await expect(ownerPage.getByText('llaves entregadas')).toHaveCount(0);
  await phone.close();
});
