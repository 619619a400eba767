import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin, unique } from './support';

/** The admin seeded by the config is 'Administrador General' (apps/api/src/db/seed.ts). */
const adminName = 'Administrador General';

/** The dashboard card 'Activas' reads 'Activas: N' to assistive technology. */
async function activeCount(page: Page): Promise<number> {
  const card = page.getByRole('list', { name: 'Pólizas por estatus' }).getByRole('listitem', { name: /^Activas: \d+$/ });
  await expect(card).toBeVisible();
  const label = (await card.getAttribute('aria-label')) ?? '';
  return Number(label.replace(/\D/g, ''));
}

/** An address group of the form (a fieldset named by its legend). */
async function fillAddress(group: Locator, address: { street: string; number: string; colony: string; municipality: string; state: string; zip: string }) {
  await group.getByLabel('Calle').fill(address.street);
  await group.getByLabel('Número exterior').fill(address.number);
  await group.getByLabel('Colonia').fill(address.colony);
  await group.getByLabel('Alcaldía / Municipio').fill(address.municipality);
  await group.getByLabel('Estado').fill(address.state);
  await group.getByLabel('Código postal').fill(address.zip);
}

test('a Plus policy goes from the form through tracking to Activa, and its history tells who moved it', async ({ page }) => {
  // The whole life of a policy, now with its contract pack drawn on the way (issue 16): more than
  // the default 30 s on a busy machine.
  // 2× the run's limit per test (the config's, or --timeout): 60 s when the limit was 30 s.
  test.setTimeout(test.info().timeout * 2);
  // Unique per run, so the row is found even when the journey ran before against the same data.
  const owner = unique('Roberto Salinas ');
  const firstTenant = 'Lucía Hernández Quiroga';
  const secondTenant = 'Tomás Ibarra Núñez';
  const guarantor = 'Patricia Ochoa Villaseñor';

  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Dashboard de Pólizas' })).toBeVisible();
  const activeBefore = await activeCount(page);

  // --- Create: type Plus, two tenants and one guarantor -------------------------------------------
  await page.getByRole('navigation').first().getByRole('link', { name: 'Pólizas' }).click();
  await expect(page.getByRole('heading', { name: 'Pólizas', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Nueva Póliza' }).click();
  await expect(page).toHaveURL(/\/policies\/new$/);
  await expect(page.getByRole('heading', { name: 'Nueva Póliza' })).toBeVisible();

  const general = page.getByRole('region', { name: 'Datos generales' });
  await expect(general.getByLabel('Estatus')).toHaveValue('created');
  await general.getByLabel('Tipo de Póliza').selectOption({ label: 'Plus' });

  const tenants = page.getByRole('region', { name: 'Inquilinos' });
  await tenants.getByRole('group', { name: 'Inquilino 1' }).getByLabel('Nombre del inquilino').fill(firstTenant);
  await tenants.getByRole('button', { name: 'Agregar inquilino' }).click();
  const tenant2 = tenants.getByRole('group', { name: 'Inquilino 2' });
  await tenant2.getByLabel('Nombre del inquilino').fill(secondTenant);
  await tenant2.getByLabel('Correo electrónico').fill('tomas.ibarra@example.mx');

  // Choosing Plus showed the guarantors' section with one row to fill in.
  const guarantors = page.getByRole('region', { name: 'Avales (obligados solidarios)' });
  const guarantor1 = guarantors.getByRole('group', { name: 'Aval 1' });
  await guarantor1.getByLabel('Nombre del aval').fill(guarantor);
  await fillAddress(guarantor1.getByRole('group', { name: 'Domicilio' }), {
    street: 'Calle Durango',
    number: '81',
    colony: 'Roma Norte',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    zip: '06700',
  });
  await expect(guarantor1.getByLabel('El inmueble en garantía es el domicilio del aval')).toBeChecked();

  const property = page.getByRole('region', { name: 'Inmueble' });
  await property.getByLabel('Tipo de inmueble').selectOption({ label: 'Departamento' });
  await fillAddress(property.getByRole('group', { name: 'Dirección del inmueble' }), {
    street: 'Av. Álvaro Obregón',
    number: '120',
    colony: 'Roma Norte',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    zip: '067',
  });

  await page.getByRole('region', { name: 'Propietario' }).getByLabel('Nombre del propietario').fill(owner);

  const rent = page.getByRole('region', { name: 'Renta' });
  await rent.getByLabel('Renta mensual').fill('18500');
  await rent.getByLabel('Fecha de entrega').fill('2026-12-01');
  // 'Generar Contratos' draws the lease from it (issue 16): without a start the server refuses.
  await rent.getByLabel('Inicio del contrato').fill('2026-12-01');

  // A 3-digit zip code is refused on the spot, under its field.
  await page.getByRole('button', { name: 'Crear Póliza' }).click();
  const propertyAddress = property.getByRole('group', { name: 'Dirección del inmueble' });
  await expect(propertyAddress.getByText('El código postal debe tener exactamente 5 dígitos')).toBeVisible();
  await propertyAddress.getByLabel('Código postal').fill('06700');
  await page.getByRole('button', { name: 'Crear Póliza' }).click();

  await expect(page.getByText('Póliza creada exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/policies$/);
  // A new screen starts at the top, where the new policy is (the form's scroll was kept: issue 29).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('region', { name: 'Pólizas' }).getByRole('row').filter({ hasText: owner })).toBeInViewport();

  // --- Find it in the list by a fragment of a tenant's name, typed without accents -------------
  await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill('hernandez');
  // Wait for the search to settle (URL written, answer shown): rows that move under the pointer
  // as the filtered answer arrives can swallow the click on 'Editar' below.
  await expect(page).toHaveURL(/[?&]q=hernandez/);
  await expect(page.getByText('Buscando...')).toBeHidden();
  const listRow = page.getByRole('region', { name: 'Pólizas' }).getByRole('row').filter({ hasText: owner });
  await expect(listRow).toHaveCount(1);
  await expect(listRow).toContainText(`${firstTenant}, ${secondTenant}`);
  await expect(listRow).toContainText(guarantor);
  await expect(listRow).toContainText('Plus');
  await expect(listRow).toContainText('Creada');
  await expect(listRow).toContainText('01 dic 2026');
  await expect(listRow).toContainText('Av. Álvaro Obregón 120, Roma Norte, Cuauhtémoc');
  // The folio is the first cell's link (the policy number sits on its second line).
  const folio = (await listRow.getByRole('cell').first().getByRole('link').innerText()).trim();
  expect(folio).toMatch(/^INV-\d{8}-\d{4}-\d{3}$/);

  // --- Edit: the form sets 'Investigación aprobada' directly ------------------------------------
  await listRow.getByRole('link', { name: `Editar póliza ${folio}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Póliza' })).toBeVisible();
  const editGeneral = page.getByRole('region', { name: 'Datos generales' });
  await expect(editGeneral.getByLabel('Folio de Investigación')).toHaveValue(folio);
  await expect(page.getByRole('region', { name: 'Inquilinos' }).getByRole('group', { name: 'Inquilino 2' }).getByLabel('Nombre del inquilino')).toHaveValue(
    secondTenant,
  );
  await editGeneral.getByLabel('Estatus').selectOption({ label: 'Investigación aprobada' });
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Póliza actualizada exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/policies$/);

  // --- Tracking: the row menu takes it through contracts and signature to Activa --------------
  await page.getByRole('navigation').first().getByRole('link', { name: 'Seguimiento' }).click();
  await expect(page.getByRole('heading', { name: 'Seguimiento de Pólizas' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill(folio);
  const trackingRow = page.getByRole('region', { name: 'Seguimiento de pólizas' }).getByRole('row').filter({ hasText: folio });
  await expect(trackingRow).toHaveCount(1);
  await expect(trackingRow).toContainText('Investigación aprobada');

  const rowMenu = trackingRow.getByRole('button', { name: `Acciones de la póliza ${folio}` });
  const steps: Array<[action: string, status: string]> = [
    ['Generar Contratos', 'Contratos generados'],
    ['Enviar Contratos', 'Pendiente de firma'],
  ];
  for (const [action, status] of steps) {
    await rowMenu.click();
    await page.getByRole('menuitem', { name: action }).click();
    // Sending the contracts asks first: it may e-mail every signer (issue 29).
    if (action === 'Enviar Contratos') await page.getByRole('alertdialog', { name: '¿Enviar los contratos?' }).getByRole('button', { name: 'Enviar' }).click();
    await expect(trackingRow).toContainText(status);
  }

  await rowMenu.click();
  await page.getByRole('menuitem', { name: 'Confirmar Firma' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirmar Firma' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('¿Se ha completado el proceso de firma de los contratos?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar Firma' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar Firma' }).click();
  await expect(dialog).toBeHidden();
  // The status cell: the badge, and the type on its second line.
  await expect(trackingRow.getByRole('cell').nth(2)).toContainText(/^Activa/);
  // An active policy has no further steps in the menu; only its renewal (issue 15).
  await rowMenu.click();
  await expect(page.getByRole('menuitem')).toHaveText(['Renovar']);
  await page.keyboard.press('Escape');

  // --- Dashboard: one more active policy ---------------------------------------------------------
  await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard de Pólizas' })).toBeVisible();
  await expect.poll(() => activeCount(page)).toBe(activeBefore + 1);

  // --- History on the edit screen: newest first, each with who did it ---------------------------
  await page.getByRole('navigation').first().getByRole('link', { name: 'Pólizas' }).click();
  await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill(folio);
  const activeRow = page.getByRole('region', { name: 'Pólizas' }).getByRole('row').filter({ hasText: folio });
  await expect(activeRow).toContainText('Activa');
  await activeRow.getByRole('link', { name: `Editar póliza ${folio}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Póliza' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Datos generales' }).getByLabel('Estatus')).toHaveValue('active');

  const history = page.getByRole('region', { name: 'Historial' });
  const entries = history.getByRole('listitem');
  await expect(entries).toHaveCount(5);
  const expected = [
    'De «Pendiente de firma» a «Activa»',
    'De «Contratos generados» a «Pendiente de firma»',
    'De «Investigación aprobada» a «Contratos generados»',
    'De «Creada» a «Investigación aprobada»',
    'Estatus inicial «Creada»',
  ];
  for (const [index, text] of expected.entries()) {
    await expect(entries.nth(index)).toContainText(text);
    await expect(entries.nth(index)).toContainText(adminName);
  }
});
