import { expect, test, type APIRequestContext, type Download } from '@playwright/test';
import { businessDate } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { pacRequests } from './facturapi';
import { pdfText } from './pdf-text';
import { admin, signInAsAdmin, unique } from './support';

/*
 * The office's money (issue 34), end to end on the real server and a Facturapi-speaking PAC on
 * loopback: a básica at $18,500 is quoted $7,511.00 from the portal's default tariff, the fee is
 * paid in the expediente, the payment is invoiced (CFDI 4.0, a test key), the inmobiliaria's
 * commission — 20 % of the fee before IVA, $1,295.00 — appears in its monthly statement (PDF read
 * back) and is paid by a transfer.
 */

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('a fee is quoted, paid and invoiced, and the inmobiliaria sees its commission in the statement and gets it paid', async ({ page, request }) => {
  test.setTimeout(120_000);
  const today = businessDate();
  const headers = await adminHeaders(request);

  // --- The inmobiliaria that brought the policy, and the policy at $18,500 a month --------------------
  const brokerName = unique('Inmobiliaria Reforma ');
  const createdBroker = await request.post('/api/brokers', {
    headers,
    data: { kind: 'inmobiliaria', name: brokerName, email: 'cobranza@reforma.example.mx', clabe: '002180700000000008', branchId: 1 },
  });
  expect(createdBroker.status(), await createdBroker.text()).toBe(201);
  const broker = (await createdBroker.json()) as { id: number };
  const base = examplePolicyInput();
  const createdPolicy = await request.post('/api/policy', {
    headers,
    data: examplePolicyInput({
      policyType: 'basica',
      tenants: [exampleTenant(unique('Tomás Honorarios '))],
      property: {
        ...base.property,
        rent: { ...base.property.rent, price: '18500', realEstate: true, realEstateInfo: { name: '', agent: 'Laura Asesora', brokerId: broker.id } },
      },
    }),
  });
  expect(createdPolicy.status(), await createdPolicy.text()).toBe(201);
  const policy = (await createdPolicy.json()) as { id: number };

  // --- The quote, in the expediente --------------------------------------------------------------------
  await signInAsAdmin(page, `/policies/${policy.id}#honorarios`);
  const fees = page.locator('#honorarios');
  await expect(fees.getByText('Pendiente', { exact: true })).toBeVisible();
  await expect(fees.getByText('$6,475.00 (35.00 % de la renta de $18,500.00)')).toBeVisible();
  await expect(fees.getByText('$1,036.00')).toBeVisible();
  await expect(fees.getByText('$7,511.00').first()).toBeVisible();

  // --- The fee paid by transfer ------------------------------------------------------------------------
  await fees.getByRole('button', { name: 'Registrar pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Registrar pago de honorarios' });
  await payment.getByLabel('Importe').fill('7511.00');
  await payment.getByLabel('Fecha de recepción').fill(today);
  await payment.getByLabel('Forma de pago').selectOption({ label: 'Transferencia / SPEI' });
  await payment.getByLabel('Referencia').fill('SPEI 90210');
  await payment.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(payment).toBeHidden();
  await expect(fees.getByText('Pagada', { exact: true })).toBeVisible();

  // --- Its CFDI, stamped once by the PAC ----------------------------------------------------------------
  await fees.getByRole('button', { name: 'Facturar' }).click();
  const invoice = page.getByRole('dialog', { name: 'Facturar pago' });
  await invoice.getByLabel('RFC').fill('EKU9003173C9');
  await invoice.getByLabel('Código postal').fill('26015');
  await invoice.getByLabel('Razón social').fill('Escuela Kemper Urgate, S.A. de C.V.');
  await invoice.getByLabel('Régimen fiscal').selectOption('601');
  await invoice.getByLabel('Uso del CFDI').selectOption('G03');
  await expect(invoice.getByText('Se timbrará como: ESCUELA KEMPER URGATE')).toBeVisible();
  await invoice.getByRole('button', { name: 'Emitir factura' }).click();
  await expect(invoice).toBeHidden();
  await expect(fees.getByText('Factura de prueba')).toBeVisible();
  const stamped = pacRequests().filter((request) => request.method === 'POST' && request.path === '/v2/invoices');
  expect(stamped).toHaveLength(1);
  expect(stamped[0]!.body).toMatchObject({ customer: { tax_id: 'EKU9003173C9', legal_name: 'ESCUELA KEMPER URGATE', tax_system: '601' }, use: 'G03', payment_form: '03' });
  const downloadingXml = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'XML' }).click();
  const xml = (await bytesOf(await downloadingXml)).toString('utf8');
  expect(xml).toContain('TimbreFiscalDigital');
  expect(xml).toContain('Total="7511.00"');

  // --- The commission in the inmobiliaria's statement, then paid ----------------------------------------
  await page.goto(`/brokers/${broker.id}`);
  await expect(page.getByRole('heading', { name: brokerName })).toBeVisible();
  const statement = page.getByRole('table', { name: /Estado de cuenta de/ });
  await expect(statement.getByText('$1,295.00').first()).toBeVisible();
  const downloadingPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdf = await pdfText(new Uint8Array(await bytesOf(await downloadingPdf)));
  expect(pdf).toContain(brokerName);
  expect(pdf).toContain('1,295.00');

  await page.getByRole('button', { name: 'Pagar comisiones' }).click();
  const payout = page.getByRole('dialog', { name: 'Pagar comisiones' });
  await payout.getByLabel('Referencia').fill('SPEI COMISION 77');
  await payout.getByRole('button', { name: 'Pagar comisiones' }).click();
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(payout).toBeHidden();
  await expect(page.getByText('Pendiente: $0.00 · Pagado: $1,295.00')).toBeVisible();
  await page.getByLabel('Estado de las comisiones').selectOption({ label: 'Pagada' });
  const commissions = page.getByRole('table', { name: 'Comisiones del asesor' });
  await expect(commissions.getByText('SPEI COMISION 77').first()).toBeVisible();
});
