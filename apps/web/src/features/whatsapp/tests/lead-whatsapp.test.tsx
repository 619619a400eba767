import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { WhatsappMessage } from '@portal/domain';
import { agentUser, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { LeadWhatsappButton } from '../index';

function makeMessage(overrides: Partial<WhatsappMessage> = {}): WhatsappMessage {
  return {
    id: 1,
    leadId: 5,
    direction: 'out',
    phone: '+525590004000',
    body: 'Hola Óscar',
    status: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    gatewayResponse: '',
    sentByName: 'Ana Pérez',
    createdAt: '2026-03-05T14:30:00',
    sentAt: '2026-03-05T14:30:00',
    ...overrides,
  };
}

const template = { id: 9, branchId: 1, name: 'Bienvenida', body: 'Hola {nombre}', updatedAt: '2026-03-05T14:30:00', preview: 'Hola Óscar Ruiz' };
const lead = { id: 5, name: 'Óscar Ruiz' };

function renderButton(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(agentUser);
  const net = mockFetch({ 'GET /api/leads/5/whatsapp/templates': { body: [template] }, ...routes });
  renderRoute(<LeadWhatsappButton lead={lead} />);
  return net;
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Enviar WhatsApp a Óscar Ruiz' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Enviar WhatsApp · Óscar Ruiz' }) };
}

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('Enviar WhatsApp (lead card)', () => {
  it('fetches nothing until opened; shows the log with its badges and the gateway answer of a failure', async () => {
    const net = renderButton({
      'GET /api/leads/5/whatsapp': {
        body: [
          makeMessage({ id: 3, status: 'failed', body: 'Tercero', attempts: 5, gatewayResponse: 'HTTP 500: {"error":"Connection Closed"}' }),
          makeMessage({ id: 2, status: 'queued', body: 'Segundo' }),
          makeMessage({ id: 1, status: 'sent', body: 'Primero' }),
        ],
      },
    });
    expect(net.calls).toHaveLength(0);
    const { dialog } = await openDialog();
    const failed = await within(dialog).findByTestId('whatsapp-message-3');
    expect(within(failed).getByText('Falló')).toBeInTheDocument();
    expect(within(failed).getByText(/Connection Closed/)).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('whatsapp-message-2')).getByText('En cola')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('whatsapp-message-1')).getByText('Enviado')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('whatsapp-message-1')).queryByText(/Respuesta del gateway/)).not.toBeInTheDocument();
  });

  it('a template fills the message and its preview; unedited, it is sent as the template', async () => {
    const net = renderButton({
      'GET /api/leads/5/whatsapp': [{ body: [] }, { body: [makeMessage({ id: 7, body: 'Hola Óscar Ruiz' })] }],
      'POST /api/leads/5/whatsapp': { status: 201, body: makeMessage({ id: 7, body: 'Hola Óscar Ruiz' }) },
    });
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('Aún no se han enviado mensajes a este lead.')).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    const select = within(dialog).getByRole('combobox', { name: 'Plantilla' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Bienvenida');
    expect(within(dialog).getByRole('textbox', { name: /Mensaje/ })).toHaveValue('Hola Óscar Ruiz');
    expect(within(within(dialog).getByRole('region', { name: 'Vista previa' })).getByText('Hola Óscar Ruiz')).toBeInTheDocument();
    await user.click(send);
    await waitFor(() => expect(net.callsTo('POST', '/api/leads/5/whatsapp')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/leads/5/whatsapp')[0]!.body).toEqual({ templateId: 9 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Mensaje enviado', expect.anything()));
    expect(await within(dialog).findByTestId('whatsapp-message-7')).toBeInTheDocument();
  });

  it('an edited text is sent as text; a queued answer shows in the log with the gateway answer', async () => {
    const queued = makeMessage({ id: 8, status: 'queued', body: 'Hola', gatewayResponse: 'HTTP 500: caído' });
    const net = renderButton({
      'GET /api/leads/5/whatsapp': [{ body: [] }, { body: [queued] }],
      'POST /api/leads/5/whatsapp': { status: 201, body: queued },
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /Mensaje/ }), 'Hola');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/leads/5/whatsapp')[0]?.body).toEqual({ text: 'Hola' }));
    const entry = await within(dialog).findByTestId('whatsapp-message-8');
    expect(within(entry).getByText('En cola')).toBeInTheDocument();
    expect(within(entry).getByText(/caído/)).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says why a send was refused (the server's message) and keeps the text", async () => {
    renderButton({
      'GET /api/leads/5/whatsapp': { body: [] },
      'POST /api/leads/5/whatsapp': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'El número de WhatsApp del lead no es un teléfono válido', details: [{ field: 'phonewhats', message: 'El número de WhatsApp del lead no es un teléfono válido' }] },
      },
    });
    const { user, dialog } = await openDialog();
    const text = within(dialog).getByRole('textbox', { name: /Mensaje/ });
    await user.type(text, 'Hola');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El número de WhatsApp del lead no es un teléfono válido');
    expect(text).toHaveValue('Hola');
  });

  it('shows an error with Reintentar when the log cannot be loaded', async () => {
    renderButton({
      'GET /api/leads/5/whatsapp': [{ status: 500, body: { statusCode: 500, error: 'Internal', message: 'Error interno' } }, { body: [makeMessage()] }],
    });
    const { user, dialog } = await openDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los mensajes');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('Enviado')).toBeInTheDocument();
  });
});
