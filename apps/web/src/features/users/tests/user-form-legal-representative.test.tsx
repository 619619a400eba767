import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { userMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, makeUser, storeSession } from '@/test/fixtures';
import { UserEditPage } from '../pages/user-edit-page';

// 'Firma de documentos' in the user form (issue 35): the branch's legal representative, RFC and CURP.

beforeEach(() => {
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderEdit(routes: Parameters<typeof mockFetch>[0] = {}, record = makeUser({ id: 10, role: 'manager', branchId: 3 })) {
  storeSession();
  const net = mockFetch({ 'GET /api/branches': { body: [makeBranch({ id: 3, name: 'Sucursal Polanco' })] }, 'GET /api/users/10': { body: record }, ...routes });
  renderRoute(<UserEditPage />, { path: '/admin/users/:id/edit', url: '/admin/users/10/edit' });
  return net;
}

describe("the user form's Firma de documentos", () => {
  it('marks the legal representative with the RFC (upper-cased) and CURP, and sends them', async () => {
    const net = renderEdit({ 'POST /api/users/10': { body: makeUser({ id: 10 }) } });
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Firma de documentos' });
    const representative = within(group).getByLabelText('Representante legal de la sucursal');
    expect(representative).not.toBeChecked();
    await user.click(representative);
    await user.type(within(group).getByLabelText('RFC'), 'gode561231gr8');
    await user.type(within(group).getByLabelText('CURP'), 'GODE561231MDFMZM01');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/users/10')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/users/10')[0]?.body).toMatchObject({ legalRepresentative: true, rfc: 'GODE561231GR8', curp: 'GODE561231MDFMZM01' });
  });

  it('shows what the user has, and refuses a CURP whose check digit is wrong without sending', async () => {
    const net = renderEdit({}, makeUser({ id: 10, branchId: 3, legalRepresentative: true, rfc: 'GODE561231GR8', curp: '' }));
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Firma de documentos' });
    expect(within(group).getByLabelText('Representante legal de la sucursal')).toBeChecked();
    expect(within(group).getByLabelText('RFC')).toHaveValue('GODE561231GR8');
    await user.type(within(group).getByLabelText('CURP'), 'GODE561231MDFMZM02');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('El campo CURP no es válido (revise sus 18 caracteres y el dígito verificador)')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/users/10')).toHaveLength(0);
  });

  it("shows the server's 409 (the branch has a representative) under the checkbox", async () => {
    const message = userMessages.legalRepresentativeTaken('Emma Gómez Díaz');
    renderEdit({ 'POST /api/users/10': { status: 409, body: { statusCode: 409, error: 'Conflict', message, details: [{ field: 'legalRepresentative', message }] } } });
    const user = userEvent.setup({ delay: null });
    const group = await screen.findByRole('group', { name: 'Firma de documentos' });
    const representative = within(group).getByLabelText('Representante legal de la sucursal');
    await user.click(representative);
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(group).findByText(message)).toBeInTheDocument();
    expect(representative).toHaveAttribute('aria-invalid', 'true');
  });
});
