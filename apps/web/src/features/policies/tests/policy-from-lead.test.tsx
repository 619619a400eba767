import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Lead } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { PolicyCreatePage } from '../pages/policy-create-page';

/** Issue 20 (leads pipeline): 'Convertir en póliza' opens /policies/new?fromLead={id}. */
const lead: Lead = {
  id: 12,
  name: 'Lucía Romero',
  phone: '+525590004000',
  phonewhats: '+525512345678',
  email: 'lucia.romero@correo.mx',
  source: 'Facebook',
  server: '',
  apikey: '',
  gatewayKind: '',
  gatewayInstance: '',
  notes: '',
  status: 'cotizacion',
  createdAt: '2026-03-05T14:30:00.000Z',
  ownerId: 7,
  ownerName: 'Ana Pérez',
  followUpDate: null,
  policyId: null,
  noteList: [],
  version: 1,
};

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('policy form from a lead', () => {
  it("prefills the first tenant with the lead's name and numbers, and links the saved policy to the lead", { timeout: 20_000 }, async () => {
    storeSession(agentUser);
    const net = mockFetch({
      'GET /api/leads/12': { body: lead },
      'POST /api/policy': { status: 201, body: { id: 77 } },
      'POST /api/leads/12/convert': { body: { ...lead, policyId: 77 } },
    });
    renderRoute(<PolicyCreatePage />, { path: '/policies/new', url: '/policies/new?fromLead=12' });
    const tenants = within(await screen.findByRole('region', { name: 'Inquilinos' }));
    expect(tenants.getByLabelText('Nombre del inquilino')).toHaveValue('Lucía Romero');
    expect(tenants.getByLabelText('Teléfono')).toHaveValue('55 9000 4000');
    expect(tenants.getByLabelText('Celular')).toHaveValue('55 1234 5678');
    // The e-mail the person gave (the web form's) is the tenant's (issue 29).
    expect(tenants.getByLabelText('Correo electrónico')).toHaveValue('lucia.romero@correo.mx');

    const user = userEvent.setup({ delay: null });
    const property = region('Inmueble');
    await user.type(within(property).getByLabelText('Calle'), 'Calle Durango');
    await user.type(within(property).getByLabelText('Número exterior'), '214');
    await user.type(within(property).getByLabelText('Colonia'), 'Roma Norte');
    await user.type(within(property).getByLabelText('Alcaldía / Municipio'), 'Cuauhtémoc');
    await user.type(within(property).getByLabelText('Estado'), 'Ciudad de México');
    await user.type(within(property).getByLabelText('Código postal'), '06700');
    await user.type(within(region('Propietario')).getByLabelText('Nombre del propietario'), 'Roberto Sánchez');
    await user.type(within(region('Renta')).getByLabelText('Renta mensual'), '18500');
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    await waitFor(() => expect(net.callsTo('POST', '/api/leads/12/convert')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/leads/12/convert')[0]?.body).toEqual({ policyId: 77 });
    expect(net.callsTo('POST', '/api/policy')[0]?.body).toMatchObject({ tenants: [expect.objectContaining({ name: 'Lucía Romero' })] });
    expect(toast.success).toHaveBeenCalledWith('Lead convertido en póliza', expect.anything());
  });

  it('says so when the lead cannot be loaded', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/leads/99': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No se encontró el lead' } } });
    renderRoute(<PolicyCreatePage />, { path: '/policies/new', url: '/policies/new?fromLead=99' });
    expect(await screen.findByText('No se pudo cargar el lead')).toBeInTheDocument();
    expect(screen.getByText('No se encontró el lead')).toBeInTheDocument();
  });
});
