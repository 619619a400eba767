import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin, unique } from './support';

/** A date in the future that is a Thursday, so it sits inside its week and month. */
const day = '2027-03-04';

async function openCalendar(page: Page, mode: 'month' | 'week') {
  await page.goto(`/appointments?view=calendar&mode=${mode}&date=${day}`);
  await expect(page.getByTestId(mode === 'month' ? 'calendar-month' : 'calendar-week')).toBeVisible();
}

test('an appointment with two attendees is found in the month and week views, moved to another hour, and deleted after the confirmation', async ({ page }) => {
  const title = unique('Firma de contrato Durango ');
  await signInAsAdmin(page);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Control de Citas' }).click();
  await expect(page.getByRole('heading', { name: 'Control de Citas' })).toBeVisible();

  // --- Nueva Cita, with two attendees ------------------------------------------------------------
  await page.getByRole('button', { name: 'Nueva Cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Cita' });
  await dialog.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(dialog.getByText('El campo Título es obligatorio')).toBeVisible();

  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Descripción').fill('Traer identificación oficial y comprobante de domicilio');
  await dialog.getByLabel('Fecha').fill(day);
  await dialog.getByLabel('Hora de inicio').fill('10:00');
  await dialog.getByLabel('Hora de fin').fill('09:00');
  await dialog.getByLabel('Ubicación').fill('Sucursal Polanco, sala 2');
  await dialog.getByLabel('Tipo').selectOption('signature');
  await expect(dialog.getByTestId('meet-link').getByRole('link')).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/PortalPolizas-[A-Z2-7]{16}$/);

  await dialog.getByRole('button', { name: 'Agregar asistente' }).click();
  const first = dialog.getByRole('group', { name: 'Asistente 1' });
  await first.getByLabel('Nombre').fill('Lucía Hernández');
  await first.getByLabel('Correo electrónico').fill('lucia@example.mx');
  await expect(first.getByLabel('Rol')).toHaveValue('tenant');
  await dialog.getByRole('button', { name: 'Agregar asistente' }).click();
  const second = dialog.getByRole('group', { name: 'Asistente 2' });
  await second.getByLabel('Nombre').fill('Roberto Sánchez');
  await second.getByLabel('Correo electrónico').fill('roberto@example.mx');
  await second.getByLabel('Rol').selectOption('owner');

  // The end before the start is refused with the rule's message, then fixed.
  await dialog.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(dialog.getByText('La hora de fin debe ser posterior a la hora de inicio')).toBeVisible();
  await dialog.getByLabel('Hora de fin').fill('11:30');
  await dialog.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Cita creada')).toBeVisible();
  await expect(dialog).toBeHidden();

  // --- In the list, the search finds it by an attendee ---------------------------------------------
  await page.getByRole('searchbox', { name: 'Buscar citas...' }).fill('roberto@example');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pendiente');

  // --- Month and week views ------------------------------------------------------------------------
  await openCalendar(page, 'month');
  await expect(page.getByTestId(`month-day-${day}`).getByRole('button', { name: `${title}, 10:00` })).toBeVisible();
  await openCalendar(page, 'week');
  await expect(page.getByTestId(`week-cell-${day}-10`).getByRole('button', { name: `${title}, 10:00` })).toBeVisible();

  // --- Move it to 16:00 from the detail popup ------------------------------------------------------
  await page.getByTestId(`week-cell-${day}-10`).getByRole('button', { name: `${title}, 10:00` }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail).toContainText('Sucursal Polanco, sala 2');
  await detail.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Cita' });
  await expect(edit.getByRole('group', { name: 'Asistente 2' }).getByLabel('Nombre')).toHaveValue('Roberto Sánchez');
  await edit.getByLabel('Hora de inicio').fill('16:00');
  await edit.getByLabel('Hora de fin').fill('17:00');
  await edit.getByLabel('Estatus').selectOption('confirmed');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Cita actualizada')).toBeVisible();

  await openCalendar(page, 'week');
  await expect(page.getByTestId(`week-cell-${day}-10`).getByRole('button', { name: `${title}, 10:00` })).toHaveCount(0);
  const moved = page.getByTestId(`week-cell-${day}-16`).getByRole('button', { name: `${title}, 16:00` });
  await expect(moved).toBeVisible();

  // --- Delete, through the confirmation ----------------------------------------------------------
  await moved.click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Estás seguro?' });
  await expect(confirm).toContainText('Esta acción eliminará permanentemente la cita y no se puede deshacer.');
  // Cancelling keeps it: the detail is still there, and still offers to delete.
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('alertdialog', { name: '¿Estás seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Cita eliminada')).toBeVisible();
  await expect(page.getByTestId(`week-cell-${day}-16`).getByRole('button', { name: `${title}, 16:00` })).toHaveCount(0);
});
