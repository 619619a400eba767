import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { SessionUser, WhatsappGateway, WhatsappTemplate } from '@portal/domain';
import { adminUser, makeBranch, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { WhatsappSettingsPage } from '../pages/whatsapp-settings-page';

const managerUser: SessionUser = { ...adminUser, id: 3, email: 'gerente@example.com', username: 'gerente', role: 'manager' };
const gateway: WhatsappGateway = { branchId: 1, kind: 'waha', serverUrl: 'https://wa.example.mx', instance: 'default', apiKeySet: true, updatedAt: '2026-03-05T14:30:00', version: 4 };
const template: WhatsappTemplate = { id: 4, branchId: 1, name: 'Bienvenida', body: 'Hola {nombre}', updatedAt: '2026-03-05T14:30:00' };

function renderPage(routes: Parameters<typeof mockFetch>[0], user: SessionUser = managerUser) {
  storeSession(user);
  const net = mockFetch(routes);
  renderRoute(<WhatsappSettingsPage />, { path: '/settings/whatsapp' });
  return net;
}

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('WhatsApp settings', () => {
  it("shows the branch's gateway without its key, and saves with an empty key field (kept)", async () => {
    const net = renderPage({
      'GET /api/branches/1/whatsapp-gateway': { body: { gateway } },
      'PUT /api/branches/1/whatsapp-gateway': (call) => ({ body: { ...gateway, ...(call.body as object), apiKeySet: true } }),
      'GET /api/whatsapp/templates?branchId=1': { body: [template] },
    });
    const url = await screen.findByRole('textbox', { name: 'URL del servidor' });
    expect(url).toHaveValue('https://wa.example.mx');
    expect(screen.getByRole('combobox', { name: 'Tipo de gateway' })).toHaveValue('waha');
    const key = screen.getByLabelText('API Key');
    expect(key).toHaveValue('');
    expect(screen.getByText('Guardada. Déjela vacía para conservar la guardada.')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByRole('textbox', { name: 'Instancia o sesión' }));
    await user.type(screen.getByRole('textbox', { name: 'Instancia o sesión' }), 'ventas');
    await user.click(screen.getByRole('button', { name: 'Guardar gateway' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/branches/1/whatsapp-gateway')).toHaveLength(1));
    expect(net.callsTo('PUT', '/api/branches/1/whatsapp-gateway')[0]!.body).toEqual({ kind: 'waha', serverUrl: 'https://wa.example.mx', instance: 'ventas', apiKey: '' });
    // The version the form was loaded at (decision 023).
    expect(net.callsTo('PUT', '/api/branches/1/whatsapp-gateway')[0]!.ifMatch).toBe('"v4"');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Gateway guardado', expect.anything()));
  });

  it('keeps what was typed when someone saved first (412), and «Recargar» shows their gateway (issue 28)', async () => {
    const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';
    const net = renderPage({
      'GET /api/branches/1/whatsapp-gateway': [{ body: { gateway } }, { body: { gateway: { ...gateway, instance: 'de-maria', version: 5 } } }],
      'PUT /api/branches/1/whatsapp-gateway': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
      'GET /api/whatsapp/templates?branchId=1': { body: [] },
    });
    const instance = await screen.findByRole('textbox', { name: 'Instancia o sesión' });
    const user = userEvent.setup({ delay: null });
    await user.clear(instance);
    await user.type(instance, 'mia');
    await user.click(screen.getByRole('button', { name: 'Guardar gateway' }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(instance).toHaveValue('mia');
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(instance).toHaveValue('de-maria'));
    expect(net.callsTo('PUT', '/api/branches/1/whatsapp-gateway')[0]!.ifMatch).toBe('"v4"');
  });

  it('refuses a URL that is not http(s) before calling the server', async () => {
    const net = renderPage({
      'GET /api/branches/1/whatsapp-gateway': { body: { gateway: null } },
      'GET /api/whatsapp/templates?branchId=1': { body: [] },
    });
    expect(await screen.findByText('La sucursal aún no tiene gateway de WhatsApp.')).toBeInTheDocument();
    expect(await screen.findByText('La sucursal aún no tiene plantillas.')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'URL del servidor' }), 'ftp://wa.example.mx');
    await user.type(screen.getByRole('textbox', { name: 'Instancia o sesión' }), 'ventas');
    await user.click(screen.getByRole('button', { name: 'Guardar gateway' }));
    expect(await screen.findByText('Escriba la URL del servidor con http:// o https://')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/branches/1/whatsapp-gateway')).toHaveLength(0);
  });

  it("shows the server's refusal of a private address under 'URL del servidor'", async () => {
    const refusal = 'La dirección del gateway no está permitida';
    renderPage({
      'GET /api/branches/1/whatsapp-gateway': { body: { gateway } },
      'PUT /api/branches/1/whatsapp-gateway': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: refusal, details: [{ field: 'serverUrl', message: refusal }] } },
      'GET /api/whatsapp/templates?branchId=1': { body: [] },
    });
    const url = await screen.findByRole('textbox', { name: 'URL del servidor' });
    const user = userEvent.setup({ delay: null });
    await user.clear(url);
    await user.type(url, 'http://2130706433:3499');
    await user.click(screen.getByRole('button', { name: 'Guardar gateway' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(refusal)));
  });

  it('adds a template, and deletes one only after confirming', async () => {
    const net = renderPage({
      'GET /api/branches/1/whatsapp-gateway': { body: { gateway } },
      'GET /api/whatsapp/templates?branchId=1': [{ body: [template] }, { body: [template, { ...template, id: 5, name: 'Seguimiento', body: 'Soy {asesor}' }] }, { body: [] }],
      'POST /api/whatsapp/templates': { status: 201, body: { ...template, id: 5, name: 'Seguimiento', body: 'Soy {asesor}' } },
      'DELETE /api/whatsapp/templates/4': { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Nueva plantilla' }));
    const form = screen.getByRole('form', { name: 'Nueva plantilla' });
    await user.click(within(form).getByRole('button', { name: 'Guardar plantilla' }));
    expect(within(form).getByText('El campo Nombre de la plantilla es obligatorio')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Nombre de la plantilla' }), 'Seguimiento');
    await user.type(within(form).getByRole('textbox', { name: 'Texto de la plantilla' }), 'Soy {{asesor}');
    await user.click(within(form).getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/whatsapp/templates')[0]?.body).toEqual({ name: 'Seguimiento', body: 'Soy {asesor}', branchId: 1 }));
    expect(await screen.findByText('Soy {asesor}')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar plantilla Bienvenida' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Eliminar plantilla' });
    expect(net.callsTo('DELETE', '/api/whatsapp/templates/4')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(net.callsTo('DELETE', '/api/whatsapp/templates/4')).toHaveLength(1));
    expect(await screen.findByText('La sucursal aún no tiene plantillas.')).toBeInTheDocument();
  });

  it('admins choose the branch', async () => {
    const net = renderPage(
      {
        'GET /api/branches': { body: [makeBranch({ id: 1 }), makeBranch({ id: 2 })] },
        'GET /api/branches/1/whatsapp-gateway': { body: { gateway } },
        'GET /api/whatsapp/templates?branchId=1': { body: [] },
        'GET /api/branches/2/whatsapp-gateway': { body: { gateway: null } },
        'GET /api/whatsapp/templates?branchId=2': { body: [] },
      },
      adminUser,
    );
    const branch = await screen.findByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(branch).toBeEnabled());
    await userEvent.setup({ delay: null }).selectOptions(branch, 'Sucursal 2');
    expect(await screen.findByText('La sucursal aún no tiene gateway de WhatsApp.')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/branches/2/whatsapp-gateway')).toHaveLength(1);
  });

  it('says so when the gateway cannot be loaded, with Reintentar', async () => {
    renderPage({
      'GET /api/branches/1/whatsapp-gateway': [{ status: 500, body: { statusCode: 500, error: 'Internal', message: 'Error interno' } }, { body: { gateway } }],
      'GET /api/whatsapp/templates?branchId=1': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('textbox', { name: 'URL del servidor' })).toHaveValue('https://wa.example.mx');
  });
});
