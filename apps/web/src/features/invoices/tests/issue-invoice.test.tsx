import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Invoice } from '@portal/domain';
import { adminUser, agentUser, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { FeePaymentInvoice } from '../index';
import { issued } from './invoice-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const settingsOn = { body: { enabled: true, testMode: true, provider: 'facturapi' } };
const issuePath = 'POST /api/fee-payments/9/invoice';

function renderPayment(routes: Parameters<typeof mockFetch>[0], user = agentUser) {
  storeSession(user);
  const net = mockFetch(routes);
  renderRoute(<FeePaymentInvoice policyId={5} payment={{ id: 9, amount: '7511.00', reversed: false }} invoice={null} />);
  return net;
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  const button = await screen.findByRole('button', { name: 'Facturar' });
  // Disabled until the API says invoicing is on.
  await vi.waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Facturar pago' }) };
}

/** The option labels of a select, without its placeholder. */
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').slice(1).map((option) => option.getAttribute('value'));

describe("'Facturar'", () => {
  it('offers the régimenes of the RFC’s kind and the usos of the régimen, and shows the split of the payment', async () => {
    renderPayment({ 'GET /api/invoices/settings': settingsOn });
    const { user, dialog } = await openDialog();
    const regime = within(dialog).getByLabelText('Régimen fiscal');
    expect(regime).toBeDisabled();
    await user.type(within(dialog).getByLabelText('RFC'), 'COSC8001137NA');
    expect(optionsOf(regime)).toContain('605');
    expect(optionsOf(regime)).not.toContain('601');
    await user.selectOptions(regime, '605');
    expect(optionsOf(within(dialog).getByLabelText('Uso del CFDI'))).toEqual(['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01']);
    // A company's RFC: its régimenes instead, and the person's régimen is cleared.
    await user.clear(within(dialog).getByLabelText('RFC'));
    await user.type(within(dialog).getByLabelText('RFC'), 'EKU9003173C9');
    expect(regime).toHaveValue('');
    expect(optionsOf(regime)).toContain('601');
    expect(optionsOf(regime)).not.toContain('605');
    const amounts = within(dialog).getByLabelText('Importes de la factura');
    expect(amounts).toHaveTextContent('$6,475.00');
    expect(amounts).toHaveTextContent('$1,036.00');
    expect(amounts).toHaveTextContent('$7,511.00');
  });

  it('sends one request with its Idempotency-Key however many times it is clicked, and closes when issued', async () => {
    let answer: (value: { status: number; body: Invoice }) => void = () => {};
    const net = renderPayment({
      'GET /api/invoices/settings': settingsOn,
      [issuePath]: () => new Promise((resolve) => (answer = resolve)),
      'GET /api/invoices/policy/5': { body: [] },
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('RFC'), 'eku9003173c9');
    await user.type(within(dialog).getByLabelText('Razón social'), 'Escuela Kemper Urgate, S.A. de C.V.');
    expect(within(dialog).getByText('Se timbrará como: ESCUELA KEMPER URGATE')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Código postal'), '42501');
    await user.selectOptions(within(dialog).getByLabelText('Régimen fiscal'), '601');
    await user.selectOptions(within(dialog).getByLabelText('Uso del CFDI'), 'G03');
    const submit = within(dialog).getByRole('button', { name: 'Emitir factura' });
    await user.click(submit);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Timbrando...' }));
    const posts = net.callsTo('POST', '/api/fee-payments/9/invoice');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ customer: { rfc: 'eku9003173c9', legalName: 'Escuela Kemper Urgate, S.A. de C.V.', taxSystem: '601', zip: '42501' }, use: 'G03' });
    const headers = new Headers(net.fetchMock.mock.calls.find(([input]) => String(input).endsWith('/invoice'))![1]!.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    answer({ status: 201, body: issued() });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalled();
  });

  it('shows the PAC’s refusal and stays open; a new attempt keeps the same key', async () => {
    const refusal = { statusCode: 422, error: 'Unprocessable Entity', code: 'validation', message: 'El PAC rechazó la factura: El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.', details: [{ field: 'customer.rfc', message: 'El PAC rechazó la factura: El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.' }] };
    const net = renderPayment({ 'GET /api/invoices/settings': settingsOn, [issuePath]: { status: 422, body: refusal } });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('RFC'), 'URE180429TM6');
    await user.type(within(dialog).getByLabelText('Razón social'), 'Uno Reforma');
    await user.type(within(dialog).getByLabelText('Código postal'), '06600');
    await user.selectOptions(within(dialog).getByLabelText('Régimen fiscal'), '601');
    await user.selectOptions(within(dialog).getByLabelText('Uso del CFDI'), 'G03');
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    expect((await within(dialog).findAllByText(refusal.message)).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/fee-payments/9/invoice')).toHaveLength(2));
    const keys = net.fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/invoice')).map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(1);
  });

  it('checks the fields before sending, naming them', async () => {
    const net = renderPayment({ 'GET /api/invoices/settings': settingsOn });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('RFC'), 'ABC');
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    expect(await within(dialog).findByText('El RFC no es válido: revise sus letras, la fecha y el dígito verificador')).toBeInTheDocument();
    expect(within(dialog).getByText('El código postal debe tener 5 dígitos')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/fee-payments/9/invoice')).toHaveLength(0);
  });

  it('is disabled, saying why, when invoicing is not configured', async () => {
    renderPayment({ 'GET /api/invoices/settings': { body: { enabled: false, testMode: false, provider: null } } }, adminUser);
    expect(await screen.findByText('La facturación no está configurada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Facturar' })).toBeDisabled();
  });

  it('shows an invoiced payment’s invoice with its downloads instead', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/invoices/settings': settingsOn, 'GET /api/policy/5/invoices': { body: [issued()] } });
    renderRoute(<FeePaymentInvoice policyId={5} payment={{ id: 9, amount: '7511.00', reversed: false }} invoice={{ id: 40, state: 'valid', uuid: issued().uuid, total: '7511.00' }} />);
    expect(await screen.findByText('Factura F12')).toBeInTheDocument();
    expect(screen.getByText('Factura de prueba')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'XML' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    // Agents do not cancel invoices.
    expect(screen.queryByRole('button', { name: 'Cancelar factura' })).not.toBeInTheDocument();
  });
});
