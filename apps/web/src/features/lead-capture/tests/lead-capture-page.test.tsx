import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadCaptureSettings } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makeBranch, storeSession } from '@/test/fixtures';
import { LeadCapturePage } from '../pages/lead-capture-page';

const managerUser = { ...agentUser, id: 9, role: 'manager' as const, branchId: 2 };

function settings(overrides: Partial<LeadCaptureSettings> = {}): LeadCaptureSettings {
  return {
    branchId: 2,
    origins: [],
    hasKey: false,
    endpointBase: 'https://polizas.test/api/public/leads/',
    gateway: { configured: false, webhookTokenSet: false, webhookSecretSet: false },
    version: 1,
    ...overrides,
  };
}

function renderPage(user: typeof adminUser, routes: Parameters<typeof mockFetch>[0]) {
  storeSession(user);
  const net = mockFetch(routes);
  renderRoute(<LeadCapturePage />, { path: '/lead-capture' });
  return net;
}

describe('Captura de leads (/lead-capture)', () => {
  it('generates a key after confirming that the old one dies, and shows it once with a form to paste', async () => {
    const net = renderPage(managerUser, {
      'GET /api/branches/2/lead-capture': [{ body: settings({ hasKey: true }) }, { body: settings({ hasKey: true }) }],
      'POST /api/branches/2/lead-capture/key': { status: 201, body: { key: 'k3y', endpointUrl: 'https://polizas.test/api/public/leads/k3y' } },
    });
    expect(await screen.findByText(/tiene una clave vigente/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generar nueva clave' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/La clave anterior deja de funcionar/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/branches/2/lead-capture/key')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar nueva clave' }));

    expect(await screen.findByDisplayValue('https://polizas.test/api/public/leads/k3y')).toBeInTheDocument();
    const snippet = screen.getByLabelText('Formulario HTML listo para pegar en su sitio') as HTMLTextAreaElement;
    expect(snippet.value).toContain('action="https://polizas.test/api/public/leads/k3y"');
    expect(snippet.value).toContain('name="sitio_web"');
    expect(net.callsTo('POST', '/api/branches/2/lead-capture/key')).toHaveLength(1);
    // Right above the key just shown, the text says to copy it now (not that it is no longer shown) (issue 29).
    expect(screen.queryByText(/no se vuelve a mostrar/)).not.toBeInTheDocument();
    expect(screen.getByText(/Esta es la nueva clave del formulario: cópiela ahora/)).toBeInTheDocument();
    // The HTML form has its own 'Copiar'.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar formulario' }));
    expect(writeText).toHaveBeenCalledWith(snippet.value);
  });

  it('checks the origins before saving and saves them', async () => {
    const net = renderPage(managerUser, {
      'GET /api/branches/2/lead-capture': { body: settings() },
      'PUT /api/branches/2/lead-capture': (call) => ({ body: settings({ origins: (call.body as { origins: string[] }).origins }) }),
    });
    const field = await screen.findByLabelText('Orígenes (uno por línea)');
    expect(screen.getByText(/Ningún sitio listado/)).toBeInTheDocument();
    await userEvent.type(field, 'https://sitio.mx/contacto');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar sitios' }));
    expect(await screen.findByText(/no es un origen válido/)).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/branches/2/lead-capture')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'https://WWW.sitio.mx/');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar sitios' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/branches/2/lead-capture')[0]?.body).toEqual({ origins: ['https://www.sitio.mx'] }));
  });

  it('asks for a gateway first, then rotates the webhook URL', async () => {
    renderPage(managerUser, { 'GET /api/branches/2/lead-capture': { body: settings() } });
    expect(await screen.findByText(/aún no tiene una pasarela de WhatsApp/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generar nueva URL del webhook' })).not.toBeInTheDocument();
  });

  it('shows the webhook URL and its signing key once after confirming, with how to set them in each gateway', async () => {
    renderPage(managerUser, {
      'GET /api/branches/2/lead-capture': { body: settings({ gateway: { configured: true, webhookTokenSet: false, webhookSecretSet: false } }) },
      'POST /api/branches/2/whatsapp-gateway/webhook-token': { status: 201, body: { webhookUrl: 'https://polizas.test/api/public/whatsapp/t0k', webhookSecret: 'cl4ve-de-firma' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Generar nueva URL del webhook' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Generar nueva URL del webhook' }));
    expect(await screen.findByDisplayValue('https://polizas.test/api/public/whatsapp/t0k')).toBeInTheDocument();
    expect(screen.getByLabelText('Clave de firma del webhook')).toHaveValue('cl4ve-de-firma');
    expect(screen.getByText(/escriba la clave en «HMAC key»/)).toBeInTheDocument();
    expect(screen.getByText(/el encabezado X-Webhook-Secret con la clave/)).toBeInTheDocument();
  });

  it('warns that a webhook without a signing key (made before signatures) gets every message refused', async () => {
    renderPage(managerUser, { 'GET /api/branches/2/lead-capture': { body: settings({ gateway: { configured: true, webhookTokenSet: true, webhookSecretSet: false } }) } });
    expect(await screen.findByText(/no tiene clave de firma, así que el portal rechaza todos sus mensajes/)).toBeInTheDocument();
  });

  it('lets admins choose the branch, and shows a failure with a retry', async () => {
    renderPage(adminUser, {
      'GET /api/branches': { body: [makeBranch({ id: 1, name: 'Sucursal Polanco' }), makeBranch({ id: 2, name: 'Sucursal Santa Fe' })] },
      'GET /api/branches/1/lead-capture': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló el servidor' } },
      'GET /api/branches/2/lead-capture': { body: settings() },
    });
    expect(await screen.findByText('Error al cargar la captura de leads')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('Sucursal'), 'Sucursal Santa Fe');
    expect(await screen.findByText('Formulario web')).toBeInTheDocument();
  });

  it('tells agents it is for managers', async () => {
    const net = renderPage(agentUser, {});
    expect(await screen.findByText(/Solo los gerentes y administradores/)).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
