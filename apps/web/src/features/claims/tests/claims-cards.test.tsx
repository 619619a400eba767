import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ClaimStats } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClaimsCards } from '../components/claims-cards';

const stats: ClaimStats = { open: 12, drafts: 2, amountClaimed: '348500.00', deadlinesThisWeek: 3, missedDeadlines: 1 };

const card = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });

describe("the dashboard's incidencias", () => {
  it('counts the open cases, the amount claimed, this week’s deadlines and the missed ones (red), each opening the list filtered', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/claims/stats?branchId=1': { body: stats } });
    renderRoute(<ClaimsCards branchId={1} />);
    await within(card('Incidencias abiertas')).findByText('12');
    expect(card('Incidencias abiertas')).toHaveAttribute('href', '/claims?estado=abiertas');
    expect(card('Monto reclamado')).toHaveTextContent('$348,500.00');
    expect(card('Monto reclamado')).toHaveAttribute('href', '/claims?estado=activas');
    expect(card('Términos esta semana')).toHaveTextContent('3');
    expect(card('Términos esta semana')).toHaveAttribute('href', '/claims?terminos=semana');
    const missed = within(card('Términos vencidos')).getByText('1');
    expect(missed).toHaveClass('text-red-700');
    expect(card('Términos vencidos')).toHaveClass('border-red-300');
    expect(card('Términos esta semana')).not.toHaveClass('border-red-300');
  });

  it('is not red without a missed deadline', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/claims/stats?branchId=1': { body: { ...stats, missedDeadlines: 0 } } });
    renderRoute(<ClaimsCards branchId={1} />);
    const zero = await within(card('Términos vencidos')).findByText('0');
    expect(zero).not.toHaveClass('text-red-700');
    expect(card('Términos vencidos')).not.toHaveClass('border-red-300');
  });

  it("counts every branch for an admin's 'all', and names the branch an admin chose in the links", async () => {
    storeSession(adminUser);
    const net = mockFetch({ 'GET /api/claims/stats': { body: stats }, 'GET /api/claims/stats?branchId=2': { body: stats } });
    const { unmount } = renderRoute(<ClaimsCards branchId="all" />);
    await within(card('Incidencias abiertas')).findByText('12');
    expect(card('Términos vencidos')).toHaveAttribute('href', '/claims?terminos=semana');
    unmount();
    renderRoute(<ClaimsCards branchId={2} listBranch={2} />);
    await within(card('Incidencias abiertas')).findByText('12');
    expect(card('Incidencias abiertas')).toHaveAttribute('href', '/claims?sucursal=2&estado=abiertas');
    expect(net.calls.map((call) => call.path)).toEqual(['/api/claims/stats', '/api/claims/stats?branchId=2']);
  });

  it('says when the counts could not be read', async () => {
    storeSession(agentUser);
    mockFetch({ 'GET /api/claims/stats?branchId=1': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } } });
    renderRoute(<ClaimsCards branchId={1} />);
    expect(await screen.findAllByText('No se pudo cargar.')).toHaveLength(4);
  });
});
