import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publicLinkMessages, type PublicLinkView } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { PublicLinkPage } from '../pages/public-link-page';

const token = 'a'.repeat(43);

const makeView = (overrides: Partial<PublicLinkView> = {}): PublicLinkView => ({
  purpose: 'upload',
  party: 'tenant',
  partyName: 'María López',
  branchName: 'Sucursal Polanco',
  folio: 'INV-2026-0042',
  expiresAt: '2026-12-01T06:00:00.000Z',
  finished: false,
  privacy: { version: 3, text: 'AVISO DE PRIVACIDAD\n\nEl responsable…', accepted: false },
  ...overrides,
});

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  const net = mockFetch(routes);
  renderRoute(<PublicLinkPage />, { path: '/p/:token', url: `/p/${token}` });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a person opening their link', () => {
  it('sees who asks, reads the aviso and accepts it (the version shown) without a session', async () => {
    const net = renderPage({
      [`GET /api/public/links/${token}`]: [{ body: makeView() }, { body: makeView({ privacy: { ...makeView().privacy, accepted: true } }) }],
      [`POST /api/public/links/${token}/privacy`]: { status: 204 },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(await screen.findByRole('heading', { name: 'Aviso de privacidad' })).toBeInTheDocument();
    expect(screen.getByText('Sucursal Polanco')).toBeInTheDocument();
    expect(screen.getByText(/Hola, María López/)).toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Acepto y continúo' });
    expect(accept).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /versión 3/ }));
    await userEvent.click(accept);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Aviso de privacidad' })).not.toBeInTheDocument());
    const post = net.calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ body: { version: 3 }, authorization: null });
  });

  it('shows the same plain page for a link that is not valid', async () => {
    renderPage({ [`GET /api/public/links/${token}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: publicLinkMessages.invalid } } });
    expect(await screen.findByRole('heading', { name: publicLinkMessages.invalid })).toBeInTheDocument();
    expect(screen.getByText(publicLinkMessages.invalidHint)).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    renderPage({ [`GET /api/public/links/${token}`]: { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'El servicio no está disponible' } } });
    expect(await screen.findByText('No se pudo abrir el enlace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
