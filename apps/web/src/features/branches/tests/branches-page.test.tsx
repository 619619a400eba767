import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { makeBranch, storeSession } from '@/test/fixtures';
import { BranchesPage } from '../pages/branches-page';

const polanco = makeBranch({ id: 1, name: 'Sucursal Polanco', manager: 21, managerName: 'Marta' });
const santaFe = makeBranch({
  id: 2,
  name: 'Sucursal Santa Fe',
  address: { ...polanco.address, id: 2, street: 'Av. Vasco de Quiroga', exteriorNumber: '3800', interiorNumber: '4B', colony: 'Santa Fe', municipality: 'Cuajimalpa', zipCode: '05348' },
});

function renderBranches(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  const net = mockFetch({ 'GET /api/branches': { body: [polanco, santaFe] }, ...routes });
  renderRoute(<BranchesPage />, { path: '/admin/branches' });
  return net;
}

describe('branches list', () => {
  it('shows name, full address, manager (or Sin gerente) and status', async () => {
    renderBranches();
    const santaFeCard = await screen.findByRole('article', { name: 'Sucursal Santa Fe' });
    expect(
      within(santaFeCard).getByText('Av. Vasco de Quiroga 3800 Int. 4B, Santa Fe, Cuajimalpa, Ciudad de México, C.P. 05348'),
    ).toBeInTheDocument();
    expect(within(santaFeCard).getByText('Sin gerente')).toBeInTheDocument();
    expect(within(santaFeCard).getByText('Activo')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Sucursal Polanco' })).getByText('Marta')).toBeInTheDocument();
  });

  it('searches by name, street, colony or municipality', async () => {
    renderBranches();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: 'Sucursal Polanco' });
    await user.type(screen.getByPlaceholderText('Buscar sucursales...'), 'cuajimalpa');
    expect(screen.getByRole('article', { name: 'Sucursal Santa Fe' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Sucursal Polanco' })).not.toBeInTheDocument();
  });

  it('asks before deactivating and sends only { status }', async () => {
    const net = renderBranches({ 'POST /api/branches/2': { body: { ...santaFe, status: 'inactive' } } });
    const user = userEvent.setup({ delay: null });
    const santaFeCard = await screen.findByRole('article', { name: 'Sucursal Santa Fe' });
    await user.click(within(santaFeCard).getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/branches/2')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/branches/2')[0]?.body).toEqual({ status: 'inactive' });
  });
});
