import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { RentLedger } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { mockUploads } from '@/test/xhr-mock';
import { arrearsLedger, payment, renderRents } from './rent-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const ledgerPath = 'GET /api/policy/5/rents';

function withReceipt(): RentLedger {
  const before = arrearsLedger();
  return { ...before, payments: [...before.payments, payment(34, { receivedOn: '2027-03-05', receipt: { fileName: 'recibo.pdf', size: 1200 } })], version: 5 };
}

async function fillForm() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
  await user.type(within(dialog).getByLabelText('Importe'), '18,500');
  await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'Transferencia / SPEI');
  await user.upload(within(dialog).getByLabelText('Seleccionar archivo: Comprobante'), new File(['%PDF-1.4'], 'recibo.pdf', { type: 'application/pdf' }));
  return { user, dialog };
}

describe("'Registrar pago' with a 'Comprobante'", () => {
  it('sends the fields and the file as one multipart request, with the version seen, and lists the receipt', async () => {
    const xhr = mockUploads(() => ({ status: 201, body: withReceipt() }));
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    const { user, dialog } = await fillForm();
    expect(within(dialog).getByText('recibo.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = xhr.uploadsTo('/api/policy/5/payments');
    expect(sent!.form!.get('amount')).toBe('18500.00');
    expect(sent!.form!.get('method')).toBe('transfer');
    expect((sent!.form!.get('receipt') as File).name).toBe('recibo.pdf');
    expect(sent!.ifMatch).toBe('"v4"');
    expect(await screen.findByRole('button', { name: 'Comprobante' })).toBeInTheDocument();
  });

  it("shows the server's refusal of the file in the dialog, which stays open", async () => {
    const refusal = { statusCode: 415, error: 'Unsupported Media Type', code: 'unsupported_media_type', message: 'Tipo de archivo no permitido: el comprobante debe ser PDF, JPEG o PNG', details: [{ field: 'receipt', message: 'Tipo de archivo no permitido: el comprobante debe ser PDF, JPEG o PNG' }] };
    mockUploads(() => ({ status: 415, body: refusal }));
    renderRents(agentUser, { [ledgerPath]: { body: arrearsLedger() } });
    const { user, dialog } = await fillForm();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect((await within(dialog).findAllByText('Tipo de archivo no permitido: el comprobante debe ser PDF, JPEG o PNG')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Registrar pago' })).toBeInTheDocument();
  });
});
