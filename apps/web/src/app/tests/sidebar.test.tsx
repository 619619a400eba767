import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, storeSession } from '@/test/fixtures';
import { Sidebar } from '../sidebar';

const mainItems = ['Dashboard', 'Pólizas', 'Seguimiento', 'Control de Citas', 'Addendums', 'Leads'];

describe('sidebar', () => {
  it("shows the 'Administración' section with users and branches to an admin", () => {
    mockFetch({});
    renderRoute(<Sidebar user={adminUser} />);
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    for (const item of mainItems) expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
    expect(within(nav).getByText('Administración')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Gestión de Usuarios' })).toHaveAttribute('href', '/admin/users');
    expect(within(nav).getByRole('link', { name: 'Gestión de Sucursales' })).toHaveAttribute('href', '/admin/branches');
  });

  it("hides 'Administración' from everyone else", () => {
    mockFetch({});
    renderRoute(<Sidebar user={agentUser} />);
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    for (const item of mainItems) expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
    expect(screen.queryByText('Administración')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gestión de Usuarios' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gestión de Sucursales' })).not.toBeInTheDocument();
  });

  it("hides 'Leads' from a lawyer, who works the incidencias, not sales (issue 33)", () => {
    mockFetch({});
    renderRoute(<Sidebar user={{ ...agentUser, role: 'lawyer' }} />);
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    for (const item of mainItems.filter((name) => name !== 'Leads')) expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Leads' })).not.toBeInTheDocument();
    expect(screen.getByText('Abogado')).toBeInTheDocument();
  });

  it("shows the user's e-mail and role in Spanish", () => {
    mockFetch({});
    renderRoute(<Sidebar user={agentUser} />);
    expect(screen.getByText('agente@example.com')).toBeInTheDocument();
    expect(screen.getByText('Agente')).toBeInTheDocument();
  });

  it('marks the current screen, and tracking is not mistaken for the policy list', () => {
    mockFetch({});
    renderRoute(<Sidebar user={adminUser} />, { path: '/policies/tracking' });
    expect(screen.getByRole('link', { name: 'Seguimiento' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Pólizas' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("marks 'Seguimiento' on the upload and results screens opened from tracking, else 'Pólizas'", () => {
    mockFetch({});
    const { unmount } = renderRoute(<Sidebar user={adminUser} />, { path: '/policies/results', url: '/policies/results?folio=INV-1&from=tracking' });
    expect(screen.getByRole('link', { name: 'Seguimiento' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Pólizas' })).not.toHaveAttribute('aria-current');
    unmount();
    const upload = renderRoute(<Sidebar user={adminUser} />, { path: '/upload-documents', url: '/upload-documents?folio=INV-1&from=tracking' });
    expect(screen.getByRole('link', { name: 'Seguimiento' })).toHaveAttribute('aria-current', 'page');
    upload.unmount();
    renderRoute(<Sidebar user={adminUser} />, { path: '/policies/results', url: '/policies/results?folio=INV-1' });
    expect(screen.getByRole('link', { name: 'Pólizas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Seguimiento' })).not.toHaveAttribute('aria-current');
  });

  it("'Cerrar Sesión' revokes the refresh token and clears the session even when the call fails", async () => {
    storeSession(adminUser, 'access-1', 'refresh-1');
    const net = mockFetch({ 'POST /api/auth/logout': { status: 500, body: { statusCode: 500, error: 'Error', message: 'x' } } });
    renderRoute(<Sidebar user={adminUser} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
    expect(net.callsTo('POST', '/api/auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(net.callsTo('POST', '/api/auth/logout')[0]?.authorization).toBe('Bearer access-1');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });
});
