import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { RentConfirmationLink, RentLedger } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { arrearsLedger, month, payment, renderRents } from './rent-fixtures';

// 'Today' is 10 March 2027 in Mexico City: December to March are past their deadline, April is not.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T18:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const ledgerPath = 'GET /api/policy/5/rents';
const linkPath = '/api/rents/months/102/confirmation-link';
const url = `https://polizas.empresa.mx/r/${'t'.repeat(43)}`;
const whatsappText = `¿Recibió la renta de febrero 2027 ($8,500.00)? Responda aquí: ${url}`;
const issued = (overrides: Partial<RentConfirmationLink> = {}): RentConfirmationLink => ({
  url,
  whatsappText,
  whatsappUrl: `https://wa.me/525512345678?text=${encodeURIComponent(whatsappText)}`,
  ...overrides,
});

/** February asked once by e-mail (no answer); December answered by the owner. */
function askedLedger(): RentLedger {
  const ledger = arrearsLedger();
  const rows = [...ledger.rows];
  rows[0] = { ...rows[0]!, confirmation: { state: 'answered', answer: 'full', askedCount: 1, askedAt: '2026-12-08T07:00:00.000Z', answeredAt: '2026-12-08T20:30:00.000Z' } };
  rows[2] = { ...rows[2]!, confirmation: { state: 'asked', askedCount: 1, askedAt: '2027-02-08T07:00:00.000Z', answeredAt: null } };
  return { ...ledger, rows };
}

async function openMonth(name: RegExp) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe("'Pedir confirmación por WhatsApp' in a month's details", () => {
  it('shows the confirmation asked, and issues a fresh link shown once in the message to copy or open in WhatsApp', async () => {
    const net = renderRents(agentUser, { [ledgerPath]: { body: askedLedger() }, [`POST ${linkPath}`]: { status: 201, body: issued() } });
    const { user, dialog } = await openMonth(/febrero 2027/);
    expect(within(dialog).getByText('Confirmación del propietario').nextSibling).toHaveTextContent(/^Pedida 1 vez, la última el .*; sin respuesta$/);
    expect(within(dialog).getByText('El enlace enviado antes al propietario dejará de funcionar.')).toBeInTheDocument();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.spyOn(toast, 'success');

    await user.click(within(dialog).getByRole('button', { name: 'Pedir confirmación por WhatsApp' }));
    const message = await within(dialog).findByRole('textbox', { name: 'Mensaje para el propietario' });
    expect(message).toHaveValue(whatsappText);
    expect(message).toHaveAttribute('readonly');
    expect(within(dialog).getByText(/solo se muestra ahora/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Abrir WhatsApp' })).toHaveAttribute('href', issued().whatsappUrl);
    expect(net.callsTo('POST', linkPath)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Copiar mensaje' }));
    expect(writeText).toHaveBeenCalledWith(whatsappText);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Mensaje copiado', expect.anything()));
    // The ledger is read again: the month now shows the confirmation asked.
    await waitFor(() => expect(net.callsTo('GET', '/api/policy/5/rents').length).toBeGreaterThan(1));
  });

  it('says when the owner has no phone for WhatsApp', async () => {
    renderRents(adminUser, { [ledgerPath]: { body: askedLedger() }, [`POST ${linkPath}`]: [{ status: 201, body: issued({ whatsappUrl: null }) }] });
    const { user, dialog } = await openMonth(/febrero 2027/);
    await user.click(within(dialog).getByRole('button', { name: 'Pedir confirmación por WhatsApp' }));
    expect(await within(dialog).findByRole('button', { name: 'El propietario no tiene un teléfono válido' })).toBeDisabled();
    expect(within(dialog).queryByRole('link', { name: 'Abrir WhatsApp' })).not.toBeInTheDocument();
  });

  it('shows why the server refused', async () => {
    renderRents(agentUser, {
      [ledgerPath]: { body: askedLedger() },
      [`POST ${linkPath}`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Este mes ya está pagado o condonado: no hace falta pedir confirmación.' } },
    });
    const { user, dialog } = await openMonth(/febrero 2027/);
    await user.click(within(dialog).getByRole('button', { name: 'Pedir confirmación por WhatsApp' }));
    expect(await within(dialog).findByText(/No se pudo generar el enlace: Este mes ya está pagado/)).toBeInTheDocument();
  });

  it('is not offered for a paid month or one still in its deadline; an answer shows what the owner said', async () => {
    renderRents(agentUser, { [ledgerPath]: { body: askedLedger() } });
    const december = await openMonth(/diciembre 2026/);
    expect(within(december.dialog).getByText('Confirmación del propietario').nextSibling).toHaveTextContent(/^Recibió la renta completa · /);
    expect(within(december.dialog).queryByRole('button', { name: 'Pedir confirmación por WhatsApp' })).not.toBeInTheDocument();
    await december.user.keyboard('{Escape}');
    const april = (await openMonth(/abril 2027/)).dialog;
    expect(within(april).getByText('Confirmación del propietario').nextSibling).toHaveTextContent('Sin pedir');
    expect(within(april).queryByRole('button', { name: 'Pedir confirmación por WhatsApp' })).not.toBeInTheDocument();
  });

  it('lists a payment the owner confirmed by link as such', async () => {
    const ledger = arrearsLedger();
    renderRents(agentUser, { [ledgerPath]: { body: { ...ledger, payments: [payment(40, { method: 'owner_report', reference: '', recordedBy: 'Propietario (por enlace)' })] } } });
    expect(await screen.findByText(/Confirmado por el propietario/)).toBeInTheDocument();
    expect(screen.getByText(/Registró Propietario \(por enlace\)/)).toBeInTheDocument();
  });

  it('is not offered to the approver', async () => {
    renderRents({ ...agentUser, role: 'approver' }, { [ledgerPath]: { body: arrearsLedger({ rows: [month(0, { state: 'overdue' })] }) } });
    const { dialog } = await openMonth(/diciembre 2026/);
    expect(within(dialog).queryByRole('button', { name: 'Pedir confirmación por WhatsApp' })).not.toBeInTheDocument();
  });
});
