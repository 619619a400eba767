import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ClaimContact } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { mexicoCityInstant } from '../components/case/claim-format';
import { claimPath, fieldError, makeClaim, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const contact: ClaimContact = {
  id: 7,
  channel: 'call',
  party: 'guarantor',
  personName: 'Jorge Ríos',
  at: '2027-03-05T20:30:00.000Z',
  result: 'Promete pagar la mitad',
  promisedAt: '2027-03-15',
  promisedAmount: '18500.00',
  recordedBy: 'Lucía Abogada',
};

const contactsPath = 'POST /api/claims/42/contacts';

async function fillContact(user: ReturnType<typeof userEvent.setup>, party: string) {
  await user.click(await screen.findByRole('button', { name: 'Registrar gestión' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar gestión' });
  await user.selectOptions(within(dialog).getByLabelText('Medio'), 'Llamada');
  await user.selectOptions(within(dialog).getByLabelText('Con quién'), party);
  await user.clear(within(dialog).getByLabelText('Fecha y hora'));
  await user.type(within(dialog).getByLabelText('Fecha y hora'), '2027-03-05T14:30');
  await user.type(within(dialog).getByLabelText('Resultado'), 'Promete pagar la mitad');
  return dialog;
}

describe("an incidencia's 'Gestión extrajudicial'", () => {
  it('lists the contacts at their Mexico City time, with the promise of payment', async () => {
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim({ contacts: [contact] }) } }, 'gestion');
    const item = within(await screen.findByRole('list', { name: 'Gestiones de cobranza' })).getByRole('listitem');
    expect(item).toHaveTextContent('5 mar 2027, 14:30 · Llamada · Obligado solidario: Jorge Ríos');
    expect(item).toHaveTextContent('Promesa de pago de $18,500.00 para el 15 mar 2027');
    expect(item).toHaveTextContent('Registró Lucía Abogada');
  });

  it('sends the time typed as Mexico City time, and explains under «Con quién» whom the rules allow', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() }, [contactsPath]: { status: 201, body: makeClaim({ contacts: [contact], version: 4 }) } }, 'gestion');
    const dialog = await fillContact(user, 'Obligado solidario');
    expect(within(dialog).getByLabelText('Con quién')).toHaveAccessibleDescription(/Solo se puede gestionar el cobro con el inquilino y los obligados solidarios .* entre las 7:00 y las 22:00, hora de la Ciudad de México/);
    expect(within(within(dialog).getByLabelText('Con quién')).getAllByRole('option')).toHaveLength(6);
    await user.type(within(dialog).getByLabelText('Nombre de la persona'), 'Jorge Ríos');
    await user.type(within(dialog).getByLabelText('Fecha de promesa de pago'), '2027-03-15');
    await user.type(within(dialog).getByLabelText('Monto prometido'), '18,500');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar gestión' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/contacts')[0]!.body).toEqual({
      channel: 'call',
      party: 'guarantor',
      personName: 'Jorge Ríos',
      at: '2027-03-05T14:30:00-06:00',
      result: 'Promete pagar la mitad',
      promisedAt: '2027-03-15',
      promisedAmount: '18500.00',
    });
    expect(await screen.findByText(/Promesa de pago de \$18,500.00/)).toBeInTheDocument();
  });

  it("shows the server's refusal of a contact outside the rules in full, beside its field, and keeps the form", async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'No se permite gestionar el cobro con empleador: solo con el inquilino y los obligados solidarios';
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() }, [contactsPath]: fieldError('party', refusal) }, 'gestion');
    const dialog = await fillContact(user, 'Empleador');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar gestión' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La gestión no se registró');
    expect(alert).toHaveTextContent(refusal);
    expect(within(dialog).getByLabelText('Con quién')).toHaveAccessibleDescription(refusal);
    expect(toast.error).toHaveBeenCalledWith('La gestión no se registró', expect.objectContaining({ description: refusal }));
    expect(screen.getByRole('dialog', { name: 'Registrar gestión' })).toBeInTheDocument();
  });

  it('reads a typed time as Mexico City time whatever the offset of the day', () => {
    expect(mexicoCityInstant('2027-03-05T14:30')).toBe('2027-03-05T14:30:00-06:00');
    // Before 2023 Mexico City kept summer time.
    expect(mexicoCityInstant('2021-07-01T09:00')).toBe('2021-07-01T09:00:00-05:00');
    expect(mexicoCityInstant('')).toBe('');
  });
});
