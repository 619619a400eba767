import { expect, test } from '@playwright/test';
import { completeJsonLines } from './json-lines';
import { signInAsAdmin, unique } from './support';

/*
 * Appointment invitations (issue 20): saving an appointment with two attendees e-mails each one
 * an invitation with the .ics and their own 'Confirmar asistencia' link. The e-mails go through a
 * real SMTP receiver on loopback (e2e/smtp-receiver.ts); one attendee opens the link on a phone,
 * confirms, and the staff's card says 'Confirmó'.
 */

/** Where the screenshots go, to be looked at (SHOTS_DIR, else beside Playwright's results). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results/appointment-invitations';

interface ReceivedMail {
  to: string[];
  text: string;
}

function mailTo(email: string): ReceivedMail[] {
  return completeJsonLines<ReceivedMail>(process.env.E2E_MAIL_FILE!).filter((mail) => mail.to.includes(email));
}

/** The e-mailed 'Confirmar asistencia' link (the page's address, with ?respuesta=si). */
const confirmLinkPattern = /Confirmar asistencia: (https?:\/\/\S+\/cita\/[A-Za-z0-9_-]{43}\?respuesta=si)/;

/** A future Thursday, in the 'Próximas' tab. */
const day = '2027-04-08';

test('two attendees are invited by e-mail with the .ics, one confirms from a phone, and the card says who confirmed', async ({ page, browser }) => {
  const title = unique('Firma con invitación ');
  const lucia = `${unique('lucia.')}@example.mx`.toLowerCase();
  const roberto = `${unique('roberto.')}@example.mx`.toLowerCase();
  await signInAsAdmin(page, '/appointments');
  await expect(page.getByRole('group', { name: 'Mostrar citas' }).getByRole('button', { name: 'Próximas' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Nueva Cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Cita' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Fecha').fill(day);
  await dialog.getByLabel('Hora de inicio').fill('10:00');
  await dialog.getByLabel('Hora de fin').fill('11:00');
  await dialog.getByLabel('Ubicación').fill('Sucursal Polanco, sala 2');
  // The default video link is a Jitsi Meet room.
  await expect(dialog.getByLabel('Enlace de videollamada')).toHaveValue(/^https:\/\/meet\.jit\.si\/PortalPolizas-[A-Z2-7]{16}$/);
  for (const [index, name, email] of [
    [1, 'Lucía Hernández', lucia],
    [2, 'Roberto Sánchez', roberto],
  ] as const) {
    await dialog.getByRole('button', { name: 'Agregar asistente' }).click();
    const group = dialog.getByRole('group', { name: `Asistente ${index}` });
    await group.getByLabel('Nombre').fill(name);
    await group.getByLabel('Correo electrónico').fill(email);
  }
  await dialog.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Cita creada')).toBeVisible();

  // --- The invitations arrive, each with its .ics and its own link ----------------------------------
  let confirmLink = '';
  await expect
    .poll(
      () => {
        const [toLucia] = mailTo(lucia);
        confirmLink = confirmLinkPattern.exec(toLucia?.text ?? '')?.[1] ?? '';
        return confirmLink !== '' && mailTo(roberto).length === 1;
      },
      { timeout: 20_000, message: 'the two invitations' },
    )
    .toBe(true);
  const [toLucia] = mailTo(lucia);
  expect(toLucia!.text).toContain('Invitaci'); // the subject (encoded) and the heading
  expect(toLucia!.text).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
  expect(toLucia!.text).toContain('filename=invitacion.ics');
  expect(confirmLinkPattern.exec(mailTo(roberto)[0]!.text)?.[1]).not.toBe(confirmLink);

  // --- Lucía opens her link on a phone and confirms ------------------------------------------------
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX', timezoneId: 'America/Mexico_City', isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await phonePage.goto(confirmLink);
  await expect(phonePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(phonePage.getByText('jueves, 8 de abril de 2027')).toBeVisible();
  await expect(phonePage.getByText('10:00 – 11:00 (hora de la Ciudad de México)')).toBeVisible();
  await expect(phonePage.getByRole('link', { name: /meet\.jit\.si\/PortalPolizas-/ })).toBeVisible();
  // The e-mail's 'Confirmar asistencia' is one tap: the page records it and says so (issue 29).
  await expect(phonePage.getByText('Gracias: su asistencia quedó confirmada.')).toBeVisible();
  await expect(phonePage.getByRole('button', { name: 'Confirmar asistencia' })).toHaveAttribute('aria-pressed', 'true');
  // The address drops the answer: a reload asks nothing again.
  await expect(phonePage).toHaveURL(/\/cita\/[A-Za-z0-9_-]{43}$/);
  await phonePage.screenshot({ path: `${shotsDir}/invitation-390.png`, fullPage: true });
  // Nothing of the page spills sideways on a phone.
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // --- Staff see who confirmed ---------------------------------------------------------------------
  await page.reload();
  await page.getByRole('searchbox', { name: 'Buscar citas...' }).fill(title);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Lucía Hernández (Confirmó)');
  await expect(card).toContainText('Roberto Sánchez (Sin respuesta)');

  // --- The month view shows all seven days at 390 px and at 1366 px ---------------------------------
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/appointments?view=calendar&mode=month&date=${day}`);
    const month = page.getByTestId('calendar-month');
    await expect(month).toBeVisible();
    const headers = month.getByRole('columnheader');
    await expect(headers).toHaveCount(7);
    const viewport = page.viewportSize()!;
    for (let index = 0; index < 7; index++) {
      const box = (await headers.nth(index).boundingBox())!;
      expect(box.x + box.width, `column ${index + 1} at ${width}px`).toBeLessThanOrEqual(viewport.width + 1);
    }
    await page.screenshot({ path: `${shotsDir}/month-${width}.png`, fullPage: true });
  }
});
