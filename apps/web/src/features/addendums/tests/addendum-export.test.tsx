import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AddendumsPage } from '../pages/addendums-page';
import { makeAddendum, page, searchUrl } from './addendum-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Addendums: Exportar CSV / XLSX', () => {
  it('exports what the search selects, with the token, and says so in Spanish when it fails', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(toast, 'error');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    storeSession(agentUser);
    const net = mockFetch({
      [searchUrl()]: { body: page([makeAddendum()]) },
      [searchUrl({ q: 'renta' })]: { body: page([makeAddendum()]) },
      'GET /api/addendum/export?q=renta&format=csv': { body: 'csv' },
      'GET /api/addendum/export?q=renta&format=xlsx': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } },
    });
    renderRoute(<AddendumsPage />, { path: '/addendums' });
    await screen.findByTestId('addendum-row-1');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox'), 'renta');
    await waitFor(() => expect(net.callsTo('GET', '/api/addendum/search?q=renta&limit=25')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^addendums_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(net.callsTo('GET', '/api/addendum/export?q=renta&format=csv')[0]?.authorization).toBe('Bearer access-1');
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No se pudieron exportar los addendums', expect.objectContaining({ description: 'Falló' })));
    // An export is not a list call: its failure does not end the session.
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });
});
