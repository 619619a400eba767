import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivacyNotice, PrivacyNoticeVersions } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { PrivacyNoticePage } from '../pages/privacy-notice-page';

const v1: PrivacyNotice = { version: 1, text: 'AVISO DE PRIVACIDAD del producto, con el texto de la primera versión del aviso.', createdAt: '2026-11-01T16:00:00.000Z', createdByName: 'Sistema' };
const newText = 'AVISO DE PRIVACIDAD de Inmobiliaria Ejemplo: sus datos solo se usan para su póliza.';
const v2: PrivacyNotice = { version: 2, text: newText, createdAt: '2026-11-24T16:00:00.000Z', createdByName: 'Ana Admin' };
const initial: PrivacyNoticeVersions = { current: v1, versions: [v1] };
const saved: PrivacyNoticeVersions = { current: v2, versions: [v2, v1] };

function renderPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(adminUser);
  const net = mockFetch({ 'GET /api/admin/privacy-notice': { body: initial }, ...routes });
  const view = renderRoute(<PrivacyNoticePage />, { path: '/admin/privacy' });
  return { net, ...view };
}

const editor = () => screen.getByRole('textbox', { name: 'Texto del aviso' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("'Aviso de privacidad' (/admin/privacy)", () => {
  it('shows the current text, who saved it and the versions', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeInTheDocument();
    expect(await screen.findByText(/Versión 1 · guardada el .* por Sistema/)).toBeInTheDocument();
    expect(editor()).toHaveValue(v1.text);
    const versions = screen.getAllByTestId('privacy-version');
    expect(versions).toHaveLength(1);
    expect(versions[0]).toHaveTextContent('Versión 1');
    expect(versions[0]).toHaveTextContent('Vigente');
    expect(screen.getByRole('button', { name: 'Guardar nueva versión' })).toBeDisabled();
  });

  it("'Guardar nueva versión' sends the text and shows the new version first", async () => {
    const { net } = renderPage({ 'PUT /api/admin/privacy-notice': { body: saved } });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 1 · guardada/);
    await user.clear(editor());
    await user.type(editor(), newText);
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/admin/privacy-notice')).toHaveLength(1));
    expect(net.callsTo('PUT', '/api/admin/privacy-notice')[0]?.body).toEqual({ text: newText });
    expect(await screen.findByText(/Versión 2 · guardada el .* por Ana Admin/)).toBeInTheDocument();
    expect(screen.getAllByTestId('privacy-version').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Versión 2Vigente/), expect.stringMatching(/^Versión 1/)]);
    expect(screen.queryByText('Cambios sin guardar')).not.toBeInTheDocument();
  });

  it('names a text too short without sending it, and shows a server refusal', async () => {
    const { net } = renderPage({ 'PUT /api/admin/privacy-notice': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'No tiene permiso para realizar esta acción' } } });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 1 · guardada/);
    await user.clear(editor());
    await user.type(editor(), 'Corto');
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));
    expect(await screen.findByText('El texto del aviso es demasiado corto (mínimo 50 caracteres)')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/admin/privacy-notice')).toHaveLength(0);
    await user.type(editor(), ' y ahora con texto suficiente para ser un aviso de privacidad.');
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));
    expect(await screen.findByText('No tiene permiso para realizar esta acción')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved text', async () => {
    const { router } = renderPage();
    // With user-event's timer turn between actions, as a person clicks: Radix lets pointer events
    // reach a dialog only after the effect that follows its opening, not in the same turn.
    const user = userEvent.setup();
    await screen.findByText(/Versión 1 · guardada/);
    await user.type(editor(), ' Cambio.');
    act(() => void router.navigate('/'));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Salir sin guardar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/admin/privacy');
    expect(editor()).toHaveValue(`${v1.text} Cambio.`);
  });

  it('shows a load failure with a retry', async () => {
    renderPage({
      'GET /api/admin/privacy-notice': [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno' } }, { body: initial }],
    });
    expect(await screen.findByText('Error al cargar el aviso de privacidad')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Versión 1 · guardada/)).toBeInTheDocument();
  });
});
