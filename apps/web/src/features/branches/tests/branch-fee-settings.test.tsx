import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, storeSession } from '@/test/fixtures';
import { BranchEditPage } from '../pages/branch-edit-page';

// 'Honorarios y comisiones' in the branch form (issue 34).

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

describe("the branch form's Honorarios y comisiones", () => {
  it('sends the fee requirement and the commission, and refuses a commission over 100 in the server’s words', async () => {
    const net = renderEdit();
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Honorarios y comisiones' });
    const commission = within(group).getByLabelText(/Comisión de asesores/);
    expect(commission).toHaveValue('20.00');
    await user.click(within(group).getByLabelText(/Exigir honorarios pagados/));
    await user.clear(commission);
    await user.type(commission, '101');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText(/debe ser un porcentaje entre 0 y 100/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(0);
    await user.clear(commission);
    await user.type(commission, '12.5');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/4')[0]?.body).toMatchObject({ requireFeeBeforeContracts: true, commissionPercent: '12.50' });
  });
});
