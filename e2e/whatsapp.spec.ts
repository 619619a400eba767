import { expect, test } from '@playwright/test';
import { signInAsAdmin, unique } from './support';
import { gatewayRequests, whatsappGatewayUrl } from './whatsapp-gateway';

test("a branch's WAHA gateway and template are set on 'WhatsApp', and a lead's card sends through it", async ({ page }) => {
  const name = unique('Lucía Mora ');
  const templateName = unique('Bienvenida ');
  await signInAsAdmin(page);

  // --- Settings: the gateway (its key is never shown back) and a template -------------------------
  await page.getByRole('navigation').first().getByRole('link', { name: 'WhatsApp' }).click();
  await expect(page.getByRole('heading', { name: 'WhatsApp', level: 1 })).toBeVisible();
  await page.getByLabel('Tipo de gateway').selectOption('waha');
  await page.getByLabel('URL del servidor').fill(whatsappGatewayUrl());
  await page.getByLabel('Instancia o sesión').fill('default');
  await page.getByLabel('API Key').fill(process.env.E2E_WHATSAPP_KEY!);
  await page.getByRole('button', { name: 'Guardar gateway' }).click();
  await expect(page.getByText('Gateway guardado')).toBeVisible();
  await expect(page.getByLabel('API Key')).toHaveValue('');

  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  const form = page.getByRole('form', { name: 'Nueva plantilla' });
  await form.getByLabel('Nombre de la plantilla').fill(templateName);
  await form.getByLabel('Texto de la plantilla').fill('Hola {nombre}, le escribe {asesor}.');
  await form.getByRole('button', { name: 'Guardar plantilla' }).click();
  await expect(page.getByText('Plantilla guardada')).toBeVisible();

  // --- A lead, and a message from its card ---------------------------------------------------------
  await page.getByRole('navigation').first().getByRole('link', { name: 'Leads', exact: true }).click();
  await page.getByRole('button', { name: 'Nuevo Lead' }).click();
  const leadDialog = page.getByRole('dialog', { name: 'Nuevo Lead' });
  await leadDialog.getByLabel('Nombre').fill(name);
  await leadDialog.getByLabel('WhatsApp').fill('55 9000 4010');
  await leadDialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText(`${name} ha sido creado correctamente`)).toBeVisible();

  await page.getByRole('button', { name: `Enviar WhatsApp a ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Enviar WhatsApp · ${name}` });
  await expect(dialog.getByText('Aún no se han enviado mensajes a este lead.')).toBeVisible();
  await dialog.getByLabel('Plantilla').selectOption({ label: templateName });
  await expect(dialog.getByRole('textbox', { name: 'Mensaje' })).toHaveValue(new RegExp(`^Hola ${name}, le escribe .+\\.$`));
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Enviado', { exact: true })).toBeVisible();

  // This lead's number picks its message out of the gateway's log (lead-journey.spec.ts sends through it too).
  const sent = gatewayRequests()
    .filter((request) => request.kind === 'waha' && request.status === 201 && request.body.chatId === '525590004010@c.us')
    .at(-1)!;
  expect(sent.path).toBe('/api/sendText');
  expect(sent.body).toMatchObject({ session: 'default', chatId: '525590004010@c.us' });
  expect(String(sent.body.text)).toContain(`Hola ${name}`);
});
