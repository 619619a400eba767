import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { pdfText } from './pdf-text';
import { admin, signInThroughApi, signInAsAdmin, signOut, unique } from './support';

/** Where the screenshots of these screens go, to be looked at (SHOTS_DIR, else beside Playwright's results). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results/contracts';
const viewports = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** An agent of branch 1: the staff who generate contracts day to day. */
async function createAgent(request: APIRequestContext) {
  const agent = { email: `${unique('contratos-')}@portal.test`, password: 'Agente-E2E-2026' };
  const created = await request.post('/api/users', {
    headers: await adminHeaders(request),
    data: { ...agent, firstName: 'Carla', lastName: 'Contratos', role: 'agent', branchId: 1, phone: '5511111111', mobile: '5522222222' },
  });
  expect(created.status()).toBe(201);
  return agent;
}

/** A Plus policy of branch 1 whose investigation was approved: ready for 'Generar Contratos'. */
async function approvedPolicy(request: APIRequestContext, tenantName: string) {
  const created = await request.post('/api/policy', {
    headers: await adminHeaders(request),
    data: examplePolicyInput({ status: 'investigation_approved', branchId: 1, tenants: [exampleTenant(tenantName)] }),
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; investigationId: string };
}

async function branchName(request: APIRequestContext, policyId: number) {
  const file = await request.get(`/api/policy/${policyId}/file`, { headers: await adminHeaders(request) });
  expect(file.status()).toBe(200);
  return ((await file.json()) as { branch: { name: string } }).branch.name;
}

async function shootBoth(page: Page, name: string, locator?: ReturnType<Page['locator']>) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    if (locator) await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/${name}-${viewport.name}.png`, fullPage: viewport.name === 'phone' });
  }
  await page.setViewportSize(viewports[0]);
}

const contractsSection = (page: Page) => page.getByRole('region', { name: 'Contratos' });

test('Generar Contratos from the expediente, download the pack, edit the branch’s lease, regenerate: two versions', async ({ page, request }) => {
  // 4× the run's limit per test (the config's, or --timeout): 120 s when the limit was 30 s.
  test.setTimeout(test.info().timeout * 4);
  const agent = await createAgent(request);
  const policy = await approvedPolicy(request, unique('Teresa Contreras '));
  const branch = await branchName(request, policy.id);

  // The agent generates the pack from the expediente.
  await signInThroughApi(page, agent.email, agent.password, `/policies/${policy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(policy.investigationId) })).toBeVisible();
  await expect(contractsSection(page).getByText('Aún no se han generado contratos para esta póliza')).toBeVisible();
  await page.getByRole('button', { name: 'Generar Contratos', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Generar los contratos?' });
  await dialog.getByRole('button', { name: 'Generar' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('Contratos generados').first()).toBeVisible();

  const firstPack = contractsSection(page).getByTestId('contract-pack-1');
  await expect(firstPack.getByTestId('contract-document')).toHaveCount(3);
  for (const label of ['Contrato de arrendamiento', 'Póliza jurídica', 'Pagarés']) await expect(firstPack.getByText(label, { exact: true })).toBeVisible();
  await expect(firstPack.getByTestId('contract-document').first()).toContainText('Plantilla v1 predeterminada');
  await shootBoth(page, 'expediente-contracts', contractsSection(page));

  // The pack, as one PDF.
  const downloading = page.waitForEvent('download');
  await firstPack.getByRole('button', { name: 'Descargar paquete (versión 1)' }).click();
  const download = await downloading;
  // Named by the folio de póliza it got on 'Contratos generados', as its documents are (issue 29).
  expect(download.suggestedFilename()).toMatch(/^contratos_[A-Z0-9]{2,6}-\d{4}-\d{5}_v1\.pdf$/);
  const pdf = await fs.readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Lease, póliza and 12 pagarés: well over three pages.
  expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(3);
  await signOut(page);

  // An admin gives the branch its own lease text.
  await signInAsAdmin(page, '/admin/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documentos' })).toBeVisible();
  await page.getByLabel('Aplica a').selectOption({ label: branch });
  await expect(page.getByRole('note')).toContainText('usa la plantilla predeterminada');
  const editor = page.getByRole('textbox', { name: /Texto de la plantilla/ });
  await expect(editor).not.toHaveValue('');
  const sentence = `Cláusula de prueba ${unique('E2E')}: el arrendatario cuidará el jardín.`;
  await editor.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`\n\n${sentence}`);
  await shootBoth(page, 'templates-editor');
  await page.getByRole('button', { name: 'Guardar nueva versión' }).click();
  await expect(page.getByText('Plantilla guardada (versión 1)')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(editor).toHaveValue(new RegExp(sentence));

  // Back in the expediente: regenerate, and the first pack stays, superseded.
  await page.goto(`/policies/${policy.id}#contratos`);
  await contractsSection(page).getByRole('button', { name: 'Regenerar contratos' }).click();
  const regenerate = page.getByRole('alertdialog', { name: '¿Regenerar los contratos?' });
  await expect(regenerate).toContainText('marcado como reemplazado');
  await regenerate.getByRole('button', { name: 'Regenerar' }).click();
  const secondPack = contractsSection(page).getByTestId('contract-pack-2');
  await expect(secondPack.getByTestId('contract-document')).toHaveCount(3, { timeout: 20_000 });
  await expect(secondPack.getByTestId('contract-document').first()).toContainText('Plantilla v1 de la sucursal');
  await contractsSection(page).getByText('Versiones anteriores (1)').click();
  await expect(contractsSection(page).getByTestId('contract-pack-1')).toContainText('Reemplazado');
  await shootBoth(page, 'expediente-two-versions', contractsSection(page));

  // The new lease says the branch's sentence; the superseded one does not.
  const headers = await adminHeaders(request);
  const contracts = (await (await request.get(`/api/policy/${policy.id}/contracts`, { headers })).json()) as {
    documents: Array<{ id: number; kind: string; packVersion: number }>;
  };
  const leaseOf = async (version: number) => {
    const lease = contracts.documents.find((document) => document.kind === 'lease' && document.packVersion === version)!;
    const file = await request.get(`/api/policy/${policy.id}/contracts/${lease.id}/file`, { headers });
    expect(file.headers()['content-type']).toContain('application/pdf');
    return pdfText(new Uint8Array(await file.body()));
  };
  const words = sentence.replace(/\s+/g, ' ');
  expect(await leaseOf(2)).toContain(words);
  expect(await leaseOf(1)).not.toContain(words);
});
