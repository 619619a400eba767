import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, makeBranch, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { TariffsPage } from '../pages/tariffs-page';
import { tariff } from './fee-fixtures';

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(adminUser);
  const net = mockFetch({ 'GET /api/branches': { body: [makeBranch({ id: 1, name: 'Sucursal Polanco' })] }, ...routes });
  renderRoute(<TariffsPage />);
  return net;
}

describe("'Tarifas'", () => {
  it('shows each branch and type’s current tariff and says changes apply to new quotes only', async () => {
    renderPage({ 'GET /api/admin/tariffs': { body: { tariffs: [tariff(), tariff({ policyType: 'plus', version: 2, ratePercent: '45.00', createdBy: 'Ana Admin', createdAt: '2027-03-01T17:00:00.000Z', extras: [{ key: 'aval', label: 'Aval adicional', amount: '500.00' }] })] } } });
    expect(await screen.findByText('Básica · Sucursal Polanco')).toBeInTheDocument();
    expect(screen.getByText('35.00 % de un mes de renta · mínimo $3,500.00 · IVA 16.00 %')).toBeInTheDocument();
    expect(screen.getByText('Tarifa del portal (versión 0)')).toBeInTheDocument();
    expect(screen.getByText(/Versión 2 · Ana Admin/)).toBeInTheDocument();
    expect(screen.getByText('Extra: Aval adicional · $500.00')).toBeInTheDocument();
    expect(screen.getAllByText(/aplican solo a las cotizaciones nuevas/).length).toBeGreaterThan(0);
  });

  it('saves a new version after a confirmation, naming the version the form saw', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage({
      'GET /api/admin/tariffs': { body: { tariffs: [tariff()] } },
      'PUT /api/admin/tariffs': { body: tariff({ version: 1, ratePercent: '40.00' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar tarifa Básica · Sucursal Polanco' }));
    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByLabelText(/Porcentaje de la renta/);
    await user.clear(rate);
    await user.type(rate, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar extra' }));
    await user.type(within(dialog).getByLabelText('Concepto 1'), 'Aval adicional');
    await user.type(within(dialog).getByLabelText('Importe 1'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar tarifa' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('versión 1');
    expect(net.callsTo('PUT', '/api/admin/tariffs')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Básica · Sucursal Polanco');
    const [call] = net.callsTo('PUT', '/api/admin/tariffs');
    expect(call!.ifMatch).toBe('"v0"');
    expect(call!.body).toMatchObject({ branchId: 1, policyType: 'basica', ratePercent: '40', extras: [{ label: 'Aval adicional', amount: '500' }] });
  });

  it('refuses a bad percentage before sending, naming the field', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage({ 'GET /api/admin/tariffs': { body: { tariffs: [tariff()] } } });
    await user.click(await screen.findByRole('button', { name: 'Editar tarifa Básica · Sucursal Polanco' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText(/IVA/));
    await user.type(within(dialog).getByLabelText(/IVA/), '160');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar tarifa' }));
    expect(await within(dialog).findByText(/IVA debe ser un porcentaje entre 0 y 100/)).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/admin/tariffs')).toHaveLength(0);
  });

  it('shows the version history on demand', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'GET /api/admin/tariffs': { body: { tariffs: [tariff({ version: 1, ratePercent: '40.00', createdAt: '2027-03-01T17:00:00.000Z', createdBy: 'Ana Admin' })] } },
      'GET /api/admin/tariffs/history?branchId=1&policyType=basica': { body: { tariffs: [tariff({ version: 1, ratePercent: '40.00', createdAt: '2027-03-01T17:00:00.000Z', createdBy: 'Ana Admin' }), tariff()] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Historial de Básica · Sucursal Polanco' }));
    const versions = await screen.findByRole('list', { name: 'Versiones de la tarifa' });
    expect(within(versions).getAllByRole('listitem')).toHaveLength(2);
    expect(versions).toHaveTextContent('Versión 0: 35.00 %');
  });
});
