import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AppointmentsPage } from '../pages/appointments-page';
import { page, searchUrl } from './appointment-fixtures';

const firstUrl = 'http://localhost:3000/api/appo/feed/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const secondUrl = 'http://localhost:3000/api/appo/feed/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';

function renderPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser);
  const net = mockFetch({
    [searchUrl()]: { body: page([]) },
    'POST /api/appo/feed': [{ body: { url: firstUrl } }, { body: { url: secondUrl } }],
    'DELETE /api/appo/feed': { status: 204 },
    ...routes,
  });
  const view = renderRoute(<AppointmentsPage />, { path: '/appointments' });
  return { net, ...view };
}

async function openFeed(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('No hay citas próximas');
  await user.click(screen.getByRole('button', { name: 'Calendario en tu teléfono' }));
  return screen.findByRole('dialog', { name: 'Calendario en tu teléfono' });
}

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Calendario en tu teléfono': the private iCalendar feed", () => {
  it("'Activar enlace privado' shows the link once, with 'Copiar' and how to subscribe", async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = await openFeed(user);
    expect(dialog).toHaveTextContent('Google Calendar: Otros calendarios → Desde URL');
    expect(dialog).toHaveTextContent('Outlook: Agregar calendario → Suscribirse desde la web');
    expect(within(dialog).queryByRole('button', { name: 'Generar nuevo enlace' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Activar enlace privado' }));
    const input = await within(dialog).findByLabelText('Enlace privado del calendario');
    expect(input).toHaveValue(firstUrl);
    expect(input).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent('Este enlace solo se muestra ahora: cópialo y guárdalo. Si lo pierdes, genera uno nuevo.');
    expect(net.callsTo('POST', '/api/appo/feed')[0]?.authorization).toBe('Bearer access-1');
    expect(toast.success).toHaveBeenCalledWith('Enlace privado activado', expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(firstUrl);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Enlace copiado', expect.anything()));
  });

  it("'Generar nuevo enlace' warns that the old link stops working, then replaces it", async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    const dialog = await openFeed(user);
    await user.click(within(dialog).getByRole('button', { name: 'Activar enlace privado' }));
    await within(dialog).findByDisplayValue(firstUrl);
    await user.click(within(dialog).getByRole('button', { name: 'Generar nuevo enlace' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Generar un nuevo enlace?' });
    expect(confirm).toHaveTextContent('El enlace anterior dejará de funcionar');
    await user.click(within(confirm).getByRole('button', { name: 'Generar nuevo enlace' }));
    expect(await within(dialog).findByDisplayValue(secondUrl)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/appo/feed')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("'Desactivar' asks first, then revokes the link (DELETE) and forgets it", async () => {
    const { net } = renderPage();
    const user = userEvent.setup({ delay: null });
    const dialog = await openFeed(user);
    await user.click(within(dialog).getByRole('button', { name: 'Activar enlace privado' }));
    await within(dialog).findByDisplayValue(firstUrl);

    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    let confirm = await screen.findByRole('alertdialog', { name: '¿Desactivar el enlace privado?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(net.callsTo('DELETE', '/api/appo/feed')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    confirm = await screen.findByRole('alertdialog', { name: '¿Desactivar el enlace privado?' });
    await user.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Enlace privado del calendario')).not.toBeInTheDocument());
    expect(net.callsTo('DELETE', '/api/appo/feed')).toHaveLength(1);
    expect(net.callsTo('DELETE', '/api/appo/feed')[0]?.authorization).toBe('Bearer access-1');
    expect(toast.success).toHaveBeenCalledWith('Enlace privado desactivado', expect.anything());
    expect(within(dialog).getByRole('button', { name: 'Activar enlace privado' })).toBeInTheDocument();
  });

  it("a failed activation toasts the server's reason", async () => {
    renderPage({ 'POST /api/appo/feed': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } } });
    const user = userEvent.setup({ delay: null });
    const dialog = await openFeed(user);
    await user.click(within(dialog).getByRole('button', { name: 'Activar enlace privado' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error al activar el enlace privado', expect.objectContaining({ description: 'Falló' })));
    // Not a list call: the session stays.
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });
});
