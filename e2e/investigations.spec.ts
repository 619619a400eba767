import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { admin, signInAsAdmin, unique } from './support';

/** A small file that is what its name says: the server judges uploads by their first bytes. */
function pdf(name: string) {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) };
}
/** A PNG's signature and its IHDR (800 × 600): the server reads an image's size before keeping it. */
function png(name: string) {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 3, 0x20, 0, 0, 2, 0x58, 8, 2, 0, 0, 0]);
  return { name, mimeType: 'image/png', buffer: Buffer.concat([header, Buffer.alloc(64, 7)]) };
}

/** The policy under investigation is created through the API: this journey is about its documents. */
async function createBasicPolicy(request: APIRequestContext, tenantName: string) {
  const login = await request.post('/api/auth/login', { data: admin });
  const { token } = (await login.json()) as { token: string };
  const response = await request.post('/api/policy', {
    headers: { authorization: `Bearer ${token}` },
    data: examplePolicyInput({ policyType: 'basica', tenants: [exampleTenant(tenantName)] }),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; investigationId: string };
}

async function trackingRow(page: Page, folio: string) {
  await page.goto('/policies/tracking');
  await page.getByRole('searchbox', { name: 'Buscar pólizas...' }).fill(folio);
  const row = page.getByRole('region', { name: 'Seguimiento de pólizas' }).getByRole('row').filter({ hasText: folio });
  await expect(row).toHaveCount(1);
  return row;
}

/** Picks the file of one row and presses its 'Subir'; waits until the row says it is stored. */
async function uploadRow(page: Page, documentType: string, label: string, file: ReturnType<typeof pdf>) {
  const row = page.getByTestId(`upload-row-${documentType}`);
  await page.getByLabel(`Seleccionar archivo: ${label}`).setInputFiles(file);
  await expect(row).toHaveAttribute('data-state', 'idle');
  await row.getByRole('button', { name: 'Subir' }).click();
  await expect(row).toHaveAttribute('data-state', 'success');
  await expect(row.getByText('Subido')).toBeVisible();
}

test("a Básica policy's documents are uploaded, answered, approved, and tracking shows 'Investigación aprobada'", async ({ page, request }) => {
  const tenant = unique('Valeria Montes ');
  const policy = await createBasicPolicy(request, tenant);
  const folio = policy.investigationId;
  await signInAsAdmin(page);

  // --- Tracking → 'Subir Documentos' (a created policy offers both screens) -------------------------
  const row = await trackingRow(page, folio);
  await expect(row.getByText('Creada')).toBeVisible();
  await row.getByRole('button', { name: `Acciones de la póliza ${folio}` }).click();
  await page.getByRole('menuitem', { name: 'Subir Documentos' }).click();
  await expect(page).toHaveURL(/\/upload-documents\?folio=/);
  await expect(page.getByRole('heading', { name: 'Subir Documentos de Investigación' })).toBeVisible();
  await expect(page.getByText(folio)).toBeVisible();

  // A Básica policy asks for the employment letter and proof of services, not for a guarantor's papers.
  await expect(page.getByRole('region', { name: 'Carta Laboral' })).toBeVisible();
  await expect(page.getByText('Último recibo de luz, agua o predial')).toBeVisible();
  await expect(page.getByText('Últimos 3 recibos de nómina o estados de cuenta')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identificación del aval' })).toHaveCount(0);

  // The tenant's INE comes as two images: 'INE separada' adds the back side.
  await page.getByTestId('identification-type-tenantId').selectOption({ label: 'INE separada' });
  await uploadRow(page, 'tenantId', 'Identificación del inquilino', png('INE frente.png'));
  await uploadRow(page, 'tenantIdBack', 'INE parte trasera del inquilino', png('INE reverso.png'));
  await uploadRow(page, 'incomeProof', 'Comprobantes de ingresos (1)', pdf('Nómina septiembre.pdf'));
  await uploadRow(page, 'incomeProof1', 'Comprobantes de ingresos (2)', pdf('Nómina octubre.pdf'));
  await uploadRow(page, 'incomeProof2', 'Comprobantes de ingresos (3)', pdf('Nómina noviembre.pdf'));
  await uploadRow(page, 'employmentLetter', 'Carta Laboral', pdf('Carta laboral.pdf'));
  await uploadRow(page, 'utilities', 'Comprobante de domicilio', pdf('Recibo CFE.pdf'));
  await uploadRow(page, 'ownerId', 'Identificación del propietario', pdf('INE propietario.pdf'));

  // A file that is not a PDF, JPEG or PNG is refused with the server's reason, and can be retried.
  const letter = page.getByTestId('upload-row-employmentLetter');
  await page.getByLabel('Seleccionar archivo: Carta Laboral').setInputFiles({ name: 'carta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ no soy un PDF') });
  await letter.getByRole('button', { name: 'Subir' }).click();
  await expect(letter).toHaveAttribute('data-state', 'error');
  await expect(letter.getByRole('alert')).toHaveText('Tipo de archivo no permitido: solo se aceptan PDF, JPEG o PNG');
  await expect(letter.getByRole('button', { name: 'Reintentar' })).toBeVisible();

  // Opened again, the screen shows what is already stored.
  await page.reload();
  await expect(page.getByTestId('upload-row-incomeProof2')).toHaveAttribute('data-state', 'success');
  await expect(page.getByTestId('upload-row-incomeProof2').getByTestId('uploaded-file-name')).toHaveText('Nomina_noviembre.pdf');

  // --- The first upload started the investigation -----------------------------------------------------
  const investigating = await trackingRow(page, folio);
  await expect(investigating.getByText('En investigación')).toBeVisible();
  await investigating.getByRole('button', { name: `Acciones de la póliza ${folio}` }).click();
  await page.getByRole('menuitem', { name: 'Mostrar Resultados' }).click();
  await expect(page).toHaveURL(/\/policies\/results\?folio=/);
  await expect(page.getByRole('heading', { name: 'Resultados de investigación' })).toBeVisible();

  // Eight documents, each with its Spanish type (not a date).
  const cards = page.getByTestId('document-card');
  await expect(cards).toHaveCount(8);
  const incomeCard = page.getByRole('article', { name: 'Nomina_octubre.pdf' });
  await expect(incomeCard.getByTestId('document-type')).toContainText('Tipo: Comprobantes de ingresos (2)');

  // The download is the file that went up.
  const downloading = page.waitForEvent('download');
  await incomeCard.getByRole('button', { name: 'Descargar documento Nomina_octubre.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Nomina_octubre.pdf');
  const saved = await download.createReadStream();
  let bytes = '';
  for await (const chunk of saved) bytes += chunk;
  expect(bytes).toBe('%PDF-1.4\n% Nómina octubre.pdf\n%%EOF\n');

  // The reviewer's answer is kept.
  await incomeCard.getByRole('textbox', { name: 'Respuesta:' }).fill('Ingresos de 3.2 veces la renta; recibos timbrados.');
  await incomeCard.getByRole('button', { name: 'Guardar respuesta' }).click();
  await expect(page.getByText('Respuesta guardada')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Nomina_octubre.pdf' }).getByRole('textbox', { name: 'Respuesta:' })).toHaveValue(
    'Ingresos de 3.2 veces la renta; recibos timbrados.',
  );

  // --- Aprobar → /policies, and tracking shows the decision ------------------------------------------
  // Aprobar asks first; a complete file lists nothing missing, and the reason is optional.
  await page.getByRole('button', { name: 'Aprobar' }).click();
  const approving = page.getByRole('alertdialog', { name: 'Aprobar investigación' });
  await expect(approving.getByRole('list', { name: 'Documentos faltantes' })).toHaveCount(0);
  await approving.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Documentos aprobados')).toBeVisible();
  await expect(page.getByText('Los documentos han sido aprobados correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/policies$/);

  const approved = await trackingRow(page, folio);
  await expect(approved.getByText('Investigación aprobada')).toBeVisible();
});
