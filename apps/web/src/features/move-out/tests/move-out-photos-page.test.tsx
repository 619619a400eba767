import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { mockUploads } from '@/test/xhr-mock';
import { MoveOutPhotosPage } from '../public/move-out-photos-page';

const token = 'a'.repeat(43);
const viewPath = `GET /api/public/move-out/${token}`;
const view = { folio: 'POL-0005', party: 'tenant', rooms: [{ key: 'sala', name: 'Sala', photos: 0 }], expiresAt: '2027-03-17T18:00:00.000Z' };

const renderPage = () => renderRoute(<MoveOutPhotosPage />, { path: '/entrega/:token', url: `/entrega/${token}` });

describe('/entrega/{token}', () => {
  it('lists the rooms and sends a photo without a session', async () => {
    const net = mockFetch({ [viewPath]: [{ body: view }, { body: { ...view, rooms: [{ key: 'sala', name: 'Sala', photos: 1 }] } }] });
    const xhr = mockUploads(() => ({ status: 201, body: { ok: true } }));
    renderPage();
    expect(await screen.findByText('Sala')).toBeInTheDocument();
    expect(screen.getByText('0 fotos')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByLabelText('Foto de Sala'), new File(['x'], 'sala.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(xhr.uploads[0]!.path).toBe(`/api/public/move-out/${token}/rooms/sala/photos`);
    expect(xhr.uploads[0]!.authorization).toBeNull();
    expect(await screen.findByText('1 foto')).toBeInTheDocument();
    expect(net.calls.every((call) => call.authorization === null)).toBe(true);
  });

  it('says only that a link is not valid', async () => {
    mockFetch({ [viewPath]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Este enlace ya no es válido' } } });
    renderPage();
    expect(await screen.findByText('Este enlace ya no es válido')).toBeInTheDocument();
  });
});
