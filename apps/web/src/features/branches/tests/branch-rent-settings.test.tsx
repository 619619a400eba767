import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, storeSession } from '@/test/fixtures';
import { BranchEditPage } from '../pages/branch-edit-page';

// 'Rentas' in the branch form (issue 32): the tenant's reminder and the renewals' cap.

function renderEdit(branch = makeBranch({ id: 4 })) {
  storeSession();
  const net = mockFetch({
    'GET /api/users?role=manager&status=active': { body: [] },
    [`GET /api/branches/${branch.id}`]: { body: branch },
    [`POST /api/branches/${branch.id}`]: { body: branch },
  });
  renderRoute(<BranchEditPage />, { path: '/admin/branches/:id/edit', url: `/admin/branches/${branch.id}/edit` });
  return net;
}

describe("the branch form's Rentas", () => {
  it('shows the reminder days (3 by default) and no cap, and sends an emptied reminder as none (null)', async () => {
    const net = renderEdit();
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Rentas' });
    const days = within(group).getByLabelText('Recordatorio de renta al inquilino (días antes)');
    expect(days).toHaveValue('3');
    expect(within(group).getByLabelText('Aumento máximo de renta anual (%)')).toHaveValue('');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/4')[0]?.body).toMatchObject({ rentReminderDays: null, maxRentIncreasePercent: null, maxRentIncreaseSource: '' });
  });

  it('refuses reminder days out of 1–15 and a cap without its source, in the server’s words', async () => {
    const net = renderEdit();
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Rentas' });
    const days = within(group).getByLabelText('Recordatorio de renta al inquilino (días antes)');
    await user.clear(days);
    await user.type(days, '20');
    await user.type(within(group).getByLabelText('Aumento máximo de renta anual (%)'), '3.69');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText(/El campo Recordatorio de renta al inquilino \(días antes\) debe estar entre 1 y 15/)).toBeInTheDocument();
    expect(screen.getByText(/El campo Fuente del aumento máximo es obligatorio/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '5');
    await user.type(within(group).getByLabelText('Fuente del aumento máximo'), 'INPC 2025, INEGI');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/4')[0]?.body).toMatchObject({ rentReminderDays: 5, maxRentIncreasePercent: 3.69, maxRentIncreaseSource: 'INPC 2025, INEGI' });
  });

  it("shows a branch's cap and source on edit", async () => {
    renderEdit(makeBranch({ id: 4, rentReminderDays: null, maxRentIncreasePercent: 3.69, maxRentIncreaseSource: 'INPC 2025, INEGI' }));
    const group = await screen.findByRole('group', { name: 'Rentas' });
    expect(within(group).getByLabelText('Recordatorio de renta al inquilino (días antes)')).toHaveValue('');
    expect(within(group).getByLabelText('Aumento máximo de renta anual (%)')).toHaveValue('3.69');
    expect(within(group).getByLabelText('Fuente del aumento máximo')).toHaveValue('INPC 2025, INEGI');
  });
});
