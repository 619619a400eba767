import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { pdfText } from './pdf-text';
import { admin, signInAsAdmin, unique } from './support';

/*
 * Issue 29: the ARCO export goes to the person it describes. The admin finds a tenant who is also
 * invited to an appointment, downloads the PDF from 'Solicitudes ARCO', and it reads in Spanish:
 * labels and values, dates in Mexico City time, no internal key, hash or token.
 */

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/arco';

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function personEverywhere(request: APIRequestContext, name: string, email: string) {
  const headers = await adminHeaders(request);
  const policy = await request.post('/api/policy', { headers, data: examplePolicyInput({ branchId: 1, tenants: [{ ...exampleTenant(name), email }] }) });
  expect(policy.status()).toBe(201);
  const appointment = await request.post('/api/appo', {
    headers,
    data: { title: 'Firma de contrato', date: '2026-12-03', startTime: '10:00', endTime: '11:00', location: 'Sala de firmas, Polanco', type: 'signature', branchId: 1, attendees: [{ name, email, role: 'tenant' }] },
  });
  expect(appointment.status(), await appointment.text()).toBe(201);
}

test('the ARCO PDF speaks Spanish to the person it describes: labels, values and dates, no key, hash or token', async ({ page, request }) => {
  const name = unique('Zoé Quintanar ');
  const email = `${unique('zoe-')}@example.com`;
  await personEverywhere(request, name, email);
  await signInAsAdmin(page, '/admin/arco');
  await page.getByRole('searchbox', { name: 'Nombre, correo o teléfono' }).fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('list', { name: 'Como asistente a una cita' })).toBeVisible();
  await expect(page.getByText(/Cita «Firma de contrato» del 03 dic 2026/)).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/arco-results-laptop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shotsDir}/arco-results-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^datos-personales-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfText(new Uint8Array(await fs.readFile((await download.path())!)));

  expect(text).toContain(name);
  for (const label of ['Participa como: Inquilino', 'Tipo de cita: Firma de contrato', 'Estatus de la cita: Pendiente', 'Fecha: 3 dic 2026', 'Hora de inicio: 10:00']) {
    expect(text).toContain(label);
  }
  expect(text).toMatch(/Generado el \d{1,2} [a-z]{3,4}\.? \d{4}, \d{2}:\d{2}, hora de la Ciudad de México/);
  expect(text).not.toMatch(/\btenant\b|\bpending\b|\bsignature\b/);
  expect(text).not.toMatch(/hash|token|rsvp|[0-9a-f]{32}/i);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|GMT/);
});
