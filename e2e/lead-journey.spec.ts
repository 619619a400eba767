import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { leadCaptureFormSnippet } from '@portal/domain';
import { admin, signInAsAdmin, unique } from './support';
import { gatewayRequests, whatsappGatewayUrl } from './whatsapp-gateway';

/**
 * Issue 20's whole path for a lead: a person fills the branch's plain HTML form on the business's
 * own web site (another origin, served here on its own port), the lead lands on the board as
 * 'Sitio Web', staff write to it by WhatsApp through the branch's gateway, and convert it into a
 * policy whose form comes prefilled.
 */

/** The business's web site: one page holding the ready-to-paste form, and the page it returns to. */
async function businessWebSite(formHtml: (origin: string) => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const body = request.url?.startsWith('/gracias')
      ? '<h1>¡Gracias! Le contactaremos pronto.</h1>'
      : `<h1>Inmobiliaria de prueba</h1>${formHtml(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="es"><meta charset="utf-8"><title>Contacto</title><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function adminApi(request: APIRequestContext) {
  const { token } = (await (await request.post('/api/auth/login', { data: admin })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { user?: { branchId: number }; branchId?: number };
  return { headers, branchId: (me.user?.branchId ?? me.branchId)! };
}

test('a lead from the web site gets a WhatsApp message from its card and becomes a policy', async ({ page, request }) => {
  // 2× the run's limit per test (the config's, or --timeout): 60 s when the limit was 30 s.
  test.setTimeout(test.info().timeout * 2);
  const name = unique('Mariana Web ');
  const { headers, branchId } = await adminApi(request);

  // The branch's gateway (WAHA, the local one) and a fresh form key.
  const gateway = await request.put(`/api/branches/${branchId}/whatsapp-gateway`, {
    headers,
    data: { kind: 'waha', serverUrl: whatsappGatewayUrl(), instance: 'default', apiKey: process.env.E2E_WHATSAPP_KEY },
  });
  expect(gateway.status(), await gateway.text()).toBe(200);
  const rotated = await request.post(`/api/branches/${branchId}/lead-capture/key`, { headers });
  expect(rotated.status(), await rotated.text()).toBe(201);
  const { endpointUrl } = (await rotated.json()) as { endpointUrl: string };

  const site = await businessWebSite((origin) => leadCaptureFormSnippet(endpointUrl, `${origin}/gracias`));
  try {
    const origins = await request.put(`/api/branches/${branchId}/lead-capture`, { headers, data: { origins: [site.origin] } });
    expect(origins.status(), await origins.text()).toBe(200);

    // --- The person, on the business's site ---------------------------------------------------
    await page.goto(site.origin);
    await page.getByLabel('Nombre').fill(name);
    await page.getByLabel('WhatsApp').fill('55 9000 4020');
    await page.getByLabel('Mensaje').fill('Busco póliza para un departamento en la Roma.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('heading', { name: '¡Gracias! Le contactaremos pronto.' })).toBeVisible();
    expect(page.url()).toBe(`${site.origin}/gracias`);
  } finally {
    await site.close();
  }

  // --- Staff: the lead is on the board, from 'Sitio Web', with the message as its first note -----
  await signInAsAdmin(page);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Leads', exact: true }).click();
  await page.getByRole('searchbox').fill(name);
  const card = page.getByTestId(/^lead-card-\d+$/).filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Sitio Web');
  await expect(card.getByRole('link', { name: /55 9000 4020/ })).toHaveAttribute('href', 'https://wa.me/525590004020');

  // --- A WhatsApp message from its card, through the branch's gateway --------------------------
  await card.getByRole('button', { name: `Enviar WhatsApp a ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Enviar WhatsApp · ${name}` });
  await dialog.getByRole('textbox', { name: 'Mensaje' }).fill('Hola, con gusto le ayudamos con su póliza.');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Enviado', { exact: true })).toBeVisible();
  // This lead's number picks its message out of the gateway's log (whatsapp.spec.ts sends through it too).
  const sent = gatewayRequests()
    .filter((entry) => entry.kind === 'waha' && entry.status === 201 && entry.body.chatId === '525590004020@c.us')
    .at(-1)!;
  expect(sent.body).toMatchObject({ session: 'default', chatId: '525590004020@c.us', text: 'Hola, con gusto le ayudamos con su póliza.' });
  await page.keyboard.press('Escape');

  // --- 'Convertir en póliza': the form comes prefilled; the lead then links the policy ---------
  await card.getByRole('link', { name: /Convertir en póliza/ }).click();
  await expect(page.getByRole('heading', { name: 'Nueva Póliza' })).toBeVisible();
  const tenant = page.getByRole('region', { name: 'Inquilinos' }).getByRole('group', { name: 'Inquilino 1' });
  await expect(tenant.getByLabel('Nombre del inquilino')).toHaveValue(name);

  const property = page.getByRole('region', { name: 'Inmueble' });
  await property.getByLabel('Tipo de inmueble').selectOption({ label: 'Departamento' });
  const address = property.getByRole('group', { name: 'Dirección del inmueble' });
  await address.getByLabel('Calle').fill('Calle Orizaba');
  await address.getByLabel('Número exterior').fill('45');
  await address.getByLabel('Colonia').fill('Roma Norte');
  await address.getByLabel('Alcaldía / Municipio').fill('Cuauhtémoc');
  await address.getByLabel('Estado').fill('Ciudad de México');
  await address.getByLabel('Código postal').fill('06700');
  await page.getByRole('region', { name: 'Propietario' }).getByLabel('Nombre del propietario').fill(unique('Propietario Web '));
  const rent = page.getByRole('region', { name: 'Renta' });
  await rent.getByLabel('Renta mensual').fill('16000');
  await rent.getByLabel('Fecha de entrega').fill('2026-12-15');
  await page.getByRole('button', { name: 'Crear Póliza' }).click();
  await expect(page.getByText('Póliza creada exitosamente')).toBeVisible();

  await page.getByRole('navigation').first().getByRole('link', { name: 'Leads', exact: true }).click();
  await page.getByRole('searchbox').fill(name);
  const converted = page.getByTestId(/^lead-card-\d+$/).filter({ hasText: name });
  // The default board's won column takes it (issue 29).
  await expect(page.getByRole('region', { name: 'Póliza' }).getByTestId(/^lead-card-\d+$/).filter({ hasText: name })).toHaveCount(1);
  await converted.getByRole('link', { name: 'Ver póliza' }).click();
  await expect(page).toHaveURL(/\/policies\/\d+$/);
  await expect(page.getByText('Lead de origen')).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
});
