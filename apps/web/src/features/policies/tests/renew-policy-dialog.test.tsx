import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { RenewPolicyDialog } from '../components/renew-policy-dialog';
import { usePolicyRenewal } from '../components/use-policy-renewal';

// 'Renovar' proposes the renewal's rent with the branch's cap and warns above it (issue 32).

function AskingRenewal() {
  const renewal = usePolicyRenewal();
  const { ask } = renewal;
  // Once: the hook's functions are new on every render.
  const [asked] = useState(() => ({ id: 5, investigationId: 'INV-01122026-1030-042', policyNumber: 'POL-2026-00005' }));
  useEffect(() => ask(asked), [asked]); // eslint-disable-line react-hooks/exhaustive-deps
  return <RenewPolicyDialog renewal={renewal} />;
}

const proposal = { currentRent: '18500.00', proposedRent: '19182.65', maxIncreasePercent: 3.69, maxIncreaseSource: 'INPC 2025, INEGI' };

function renderDialog(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(agentUser);
  const net = mockFetch({ 'POST /api/policy/5/renew': { status: 201, body: { ...makePolicy({ id: 12, status: 'created' }), rentWarning: null } }, ...routes });
  return { net, ...renderRoute(<AskingRenewal />) };
}

describe("'Renovar póliza' and the renewal's rent", () => {
  it('proposes the rent raised by the cap, warns above it (without blocking) and sends the rent typed', async () => {
    const { net, router } = renderDialog({ 'GET /api/policy/5/renewal': { body: proposal } });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('alertdialog', { name: 'Renovar póliza' });
    const rent = await within(dialog).findByLabelText('Renta mensual de la renovación');
    expect(rent).toHaveValue('19182.65');
    expect(within(dialog).getByText('Renta actual: $18,500.00. Propuesta con el aumento máximo de la sucursal (3.69 %, fuente: INPC 2025, INEGI).')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();

    await user.clear(rent);
    await user.type(rent, '20000');
    expect(within(dialog).getByRole('status')).toHaveTextContent('El aumento (8.11 %) supera el máximo de la sucursal (3.69 %, fuente: INPC 2025, INEGI).');
    const renew = within(dialog).getByRole('button', { name: 'Renovar' });
    expect(renew).toBeEnabled();
    await user.click(renew);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/policies/12/edit'));
    expect(net.callsTo('POST', '/api/policy/5/renew')[0]?.body).toEqual({ rent: '20000' });
  });

  it('refuses a rent that is not an amount before sending, naming the field', async () => {
    const { net } = renderDialog({ 'GET /api/policy/5/renewal': { body: proposal } });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('alertdialog', { name: 'Renovar póliza' });
    const rent = await within(dialog).findByLabelText('Renta mensual de la renovación');
    await user.clear(rent);
    await user.type(rent, 'mil');
    expect(within(dialog).getByText('El campo Renta mensual de la renovación debe ser un importe mayor que cero, con hasta dos decimales')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Renovar' })).toBeDisabled();
    expect(net.callsTo('POST', '/api/policy/5/renew')).toHaveLength(0);
  });

  it('without a cap proposes the current rent and never warns', async () => {
    renderDialog({ 'GET /api/policy/5/renewal': { body: { ...proposal, proposedRent: '18500.00', maxIncreasePercent: null, maxIncreaseSource: '' } } });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('alertdialog', { name: 'Renovar póliza' });
    const rent = await within(dialog).findByLabelText('Renta mensual de la renovación');
    expect(rent).toHaveValue('18500.00');
    expect(within(dialog).getByText('Renta actual: $18,500.00. La sucursal no tiene aumento máximo.')).toBeInTheDocument();
    await user.clear(rent);
    await user.type(rent, '30000');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('when the proposal cannot be read, says the current rent is kept and renews without a rent', async () => {
    const { net, router } = renderDialog({ 'GET /api/policy/5/renewal': { status: 500, body: { statusCode: 500, error: 'Error', message: 'Falla del servidor' } } });
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('alertdialog', { name: 'Renovar póliza' });
    expect(await within(dialog).findByText(/la renovación conservará la renta actual/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Renovar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/policies/12/edit'));
    expect(net.callsTo('POST', '/api/policy/5/renew')[0]?.body).toBeUndefined();
  });
});
