import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin, unique } from './support';

async function createLead(page: Page, name: string) {
  await page.getByRole('button', { name: 'Nuevo Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Lead' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Teléfono').fill('5512345678');
  await dialog.getByLabel('WhatsApp').fill('5599887766');
  await dialog.getByLabel('Fuente').selectOption('Instagram');
  await dialog.getByLabel('Notas').fill('Busca departamento en la Roma');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText(`${name} ha sido creado correctamente`)).toBeVisible();
}

const column = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const handle = (scope: Locator | Page, name: string) => scope.getByRole('button', { name, exact: true });

/** A real mouse drag: press on the card, move past the activation distance, drop on the column. */
async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 20, start.y + start.height / 2 + 5, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + Math.min(target.height / 2, 150), { steps: 10 });
  await page.mouse.up();
}

test('a lead is dragged to Trabajando by mouse and keyboard, gets a note, and the board configured here is the one a second browser sees', async ({ page, browser }) => {
  const name = unique('Óscar Ruiz ');
  const columnTitle = unique('Visita ');
  await signInAsAdmin(page);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Nuevo Lead' })).toBeVisible();

  // --- A new lead lands in the first column ---------------------------------------------------------
  await createLead(page, name);
  await expect(handle(column(page, 'Cotización'), name)).toBeVisible();
  const card = page.getByTestId(/^lead-card-\d+$/).filter({ has: handle(page, name) });
  // Stored E.164, shown in national format, linked to Mexico (+52), not Brazil (issue 20).
  await expect(card.getByRole('link', { name: /55 1234 5678/ })).toHaveAttribute('href', 'tel:+525512345678');
  await expect(card.getByRole('link', { name: /55 9988 7766/ })).toHaveAttribute('href', 'https://wa.me/525599887766');
  await expect(card.getByRole('link', { name: /Convertir en póliza/ })).toHaveAttribute('href', /\/policies\/new\?fromLead=\d+$/);
  await expect(card).toContainText('Fuente: Instagram');

  // --- Mouse drag to 'Trabajando' ---------------------------------------------------------------
  await dragWithMouse(page, handle(column(page, 'Cotización'), name), column(page, 'Trabajando'));
  await expect(page.getByText('Lead movido a Trabajando')).toBeVisible();
  await expect(handle(column(page, 'Trabajando'), name)).toBeVisible();

  // --- Keyboard: back to 'Cotización' (left), then to 'Trabajando' again (right) ---------------------
  for (const [key, to] of [
    ['ArrowLeft', 'Cotización'],
    ['ArrowRight', 'Trabajando'],
  ] as const) {
    const grip = handle(page, name);
    await grip.focus();
    await page.keyboard.press('Space');
    await expect(grip).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit's keyboard sensor starts listening for keys in a setTimeout(0) queued by the pick-up;
    // a timer queued now in the page runs after it, so once it fires the sensor is listening.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press(key);
    await page.keyboard.press('Space');
    await expect(handle(column(page, to), name)).toBeVisible();
  }

  // --- A note, inline ------------------------------------------------------------------------------
  const movedCard = page.getByTestId(/^lead-card-\d+$/).filter({ has: handle(page, name) });
  await movedCard.getByRole('textbox', { name: 'Agregar nota...' }).fill('Agendó visita para el sábado');
  await movedCard.getByRole('textbox', { name: 'Agregar nota...' }).press('Enter');
  await expect(page.getByText('La nota ha sido agregada correctamente')).toBeVisible();
  await movedCard.getByRole('button', { name: '2 nota(s)' }).click();
  const notes = page.getByRole('dialog', { name: 'Notas' });
  await expect(notes).toContainText('Busca departamento en la Roma');
  await expect(notes).toContainText('Agendó visita para el sábado');
  // Each note with its author; the admin may edit any.
  await expect(notes.getByRole('button', { name: 'Editar nota' })).toHaveCount(2);
  await page.keyboard.press('Escape');

  // --- Configure the board: add a column and rename it ----------------------------------------------
  await page.getByRole('button', { name: 'Configurar Estatus' }).click();
  const settings = page.getByRole('dialog', { name: 'Configurar Estatus' });
  const before = await settings.getByRole('group', { name: /^Estatus \d+$/ }).count();
  await settings.getByRole('button', { name: 'Agregar estatus' }).click();
  const added = settings.getByRole('group', { name: `Estatus ${before + 1}` });
  await expect(added.getByLabel('Título')).toHaveValue('Nuevo Estatus');
  await expect(added.getByRole('textbox', { name: 'Código de color' })).toHaveValue(/#6B7280/i);
  await added.getByLabel('Título').fill(columnTitle);
  await settings.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Estatus guardados')).toBeVisible();
  await expect(column(page, columnTitle)).toBeVisible();
  await expect(column(page, columnTitle)).toContainText('Arrastra leads aquí');

  // --- Another person, another browser: the same board -----------------------------------------------
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAsAdmin(second, '/leads');
  await expect(column(second, columnTitle)).toBeVisible();
  await expect(handle(column(second, 'Trabajando'), name)).toBeVisible();
  await other.close();
});

test('the board keeps every column reachable at 1366 px and 390 px, and admins choose the branch', async ({ page }) => {
  await signInAsAdmin(page);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/leads');
    const board = page.getByTestId('leads-board');
    await expect(board.getByRole('region').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`leads-board-${width}.png`), fullPage: false });
    // Either every column fits, or the board says (in words) that more are beside it.
    const hidden = await board.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
    if (hidden) await expect(page.getByTestId('leads-board-scroll-hint')).toBeVisible();
    // The page itself never scrolls sideways: only the board does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole('combobox', { name: 'Sucursal' })).toBeVisible();
});
