import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { BrokersPage } from '../pages/brokers-page';
import { makeBroker } from './broker-fixtures';

const manager = { ...adminUser, id: 3, role: 'manager' as const, branchId: 1 };
const laura = makeBroker();
const reforma = makeBroker({ id: 5, kind: 'inmobiliaria', name: 'Inmobiliaria Reforma', rfc: '', commissionPercent: '25.00', effectiveCommissionPercent: '25.00' });

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(manager);
  const net = mockFetch(routes);
  return { ...net, ...renderRoute(<BrokersPage />) };
}

describe("'Asesores'", () => {
  it('lists the directory, filters by kind and search, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage({
      'GET /api/brokers': { body: [laura, reforma] },
      'GET /api/brokers?kind=inmobiliaria': { body: [reforma] },
      'GET /api/brokers?q=zz&kind=inmobiliaria': { body: [] },
    });
    const table = await screen.findByRole('region', { name: 'Asesores e inmobiliarias' });
    expect(within(table).getByRole('link', { name: 'Laura Gómez' })).toHaveAttribute('href', '/brokers/4');
    expect(within(table).getByText('20.00 % (de la sucursal)')).toBeInTheDocument();
    expect(within(table).getByText('25.00 %')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tipo'), 'inmobiliaria');
    await vi.waitFor(() => expect(within(screen.getByRole('region', { name: 'Asesores e inmobiliarias' })).queryByText('Laura Gómez')).not.toBeInTheDocument());
    await user.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('Sin asesores')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/brokers?q=zz&kind=inmobiliaria').length).toBeGreaterThan(0);
  });

  it('adds a broker: the form refuses a bad CLABE and percent before sending, then posts the record', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage({ 'GET /api/brokers': [{ body: [] }, { body: [reforma] }], 'POST /api/brokers': { status: 201, body: reforma } });
    await screen.findByText('Sin asesores');
    await user.click(screen.getByRole('button', { name: 'Agregar asesor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar asesor o inmobiliaria' });
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Inmobiliaria Reforma');
    await user.type(within(dialog).getByLabelText(/^CLABE/), '032180000118359718');
    await user.type(within(dialog).getByLabelText(/^Comisión \(%\)/), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El campo CLABE debe tener 18 dígitos y su dígito verificador correcto')).toBeInTheDocument();
    expect(within(dialog).getByText('El campo Comisión (%) debe ser un porcentaje de 0 a 100, con hasta dos decimales')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/brokers')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^CLABE/));
    await user.type(within(dialog).getByLabelText(/^CLABE/), '032180000118359719');
    await user.clear(within(dialog).getByLabelText(/^Comisión \(%\)/));
    await user.type(within(dialog).getByLabelText(/^Comisión \(%\)/), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = net.callsTo('POST', '/api/brokers');
    expect(sent!.body).toMatchObject({ kind: 'inmobiliaria', name: 'Inmobiliaria Reforma', clabe: '032180000118359719', commissionPercent: '25.00', status: 'active' });
    expect(await screen.findByRole('link', { name: 'Inmobiliaria Reforma' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of the RFC under its field', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'El campo RFC no es válido (revise sus letras, la fecha y la homoclave)';
    renderPage({ 'GET /api/brokers': { body: [] }, 'POST /api/brokers': { status: 400, body: { statusCode: 400, error: 'Bad Request', code: 'validation', message, details: [{ field: 'rfc', message }] } } });
    await screen.findByText('Sin asesores');
    await user.click(screen.getByRole('button', { name: 'Agregar asesor' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Laura');
    await user.type(within(dialog).getByLabelText(/^RFC/), 'COSC8001137NB');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^RFC/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('deactivates a broker after confirming, sending the record with its version', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage({ 'GET /api/brokers': { body: [laura] }, 'PUT /api/brokers/4': { body: { ...laura, status: 'inactive', version: 3 } } });
    await user.click(await screen.findByRole('button', { name: 'Desactivar Laura Gómez' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Desactivar asesor' });
    expect(net.callsTo('PUT', '/api/brokers/4')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    await vi.waitFor(() => expect(net.callsTo('PUT', '/api/brokers/4')).toHaveLength(1));
    const [sent] = net.callsTo('PUT', '/api/brokers/4');
    expect(sent!.ifMatch).toBe('"v2"');
    expect(sent!.body).toMatchObject({ name: 'Laura Gómez', status: 'inactive', clabe: '032180000118359719' });
  });
});
