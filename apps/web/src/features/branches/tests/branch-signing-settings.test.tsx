import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, storeSession } from '@/test/fixtures';
import { BranchEditPage } from '../pages/branch-edit-page';

// 'Firma de documentos' in the branch form (issue 35).

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

describe("the branch form's Firma de documentos", () => {
  it("shows the branch's choices, explains the pagarés' e.firma-else-paper default, and sends a change", async () => {
    const net = renderEdit();
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Firma de documentos' });
    const notes = within(group).getByLabelText('Firma de los pagarés');
    expect(notes).toHaveValue('efirma');
    expect(within(notes).getAllByRole('option').map((option) => option.textContent)).toEqual(['Firma electrónica simple', 'e.firma del SAT', 'En papel']);
    expect(within(group).getByText(/cuando todos ellos tienen RFC en la póliza; si alguno no lo tiene, se firman en papel/)).toBeInTheDocument();
    expect(within(group).getByLabelText('Orden de firma')).toHaveValue('parallel');
    expect(within(group).getByLabelText('Vigencia de una ronda de firma (días)')).toHaveValue('15');
    expect(within(group).getByLabelText('Recordatorios a quien no ha firmado (máximo)')).toHaveValue('3');

    await user.selectOptions(within(group).getByLabelText('Firma del contrato de arrendamiento'), 'efirma');
    await user.selectOptions(notes, 'paper');
    await user.selectOptions(within(group).getByLabelText('Orden de firma'), 'sequential');
    const days = within(group).getByLabelText('Vigencia de una ronda de firma (días)');
    await user.clear(days);
    await user.type(days, '10');
    const reminders = within(group).getByLabelText('Recordatorios a quien no ha firmado (máximo)');
    await user.clear(reminders);
    await user.type(reminders, '0');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/4')[0]?.body).toMatchObject({
      signatureMethodLease: 'efirma',
      signatureMethodPolicy: 'simple',
      signatureMethodPromissoryNotes: 'paper',
      signingOrder: 'sequential',
      signingRoundDays: 10,
      signingReminderMax: 0,
    });
  });

  it('refuses round days out of range in the server’s words, without sending', async () => {
    const net = renderEdit();
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Firma de documentos' });
    const days = within(group).getByLabelText('Vigencia de una ronda de firma (días)');
    await user.clear(days);
    await user.type(days, '120');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('El campo Vigencia de una ronda de firma (días) debe estar entre 1 y 90')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', '/api/branches/4')).toHaveLength(0);
  });
});
