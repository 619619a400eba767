import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { bindSessionToRouter, endSession } from '@/features/auth';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { patchStaffRoutes, routes } from '@/router';

/**
 * Spec section 8 on a list screen, through the whole app: the failures it lists end the session
 * and land on /login; a call the browser cancels because the page is leaving does not (issue 22).
 */
type ListCall = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

function openPolicies(listCall: ListCall) {
  storeSession(adminUser);
  mockFetch({ 'GET /api/auth/me': { body: adminUser }, 'POST /api/auth/refresh-token': { status: 401, body: {} } });
  const fetchMock = vi.mocked(fetch);
  const answered = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init) =>
    String(input).startsWith('/api/policy/search') ? listCall(input, init) : answered(input, init),
  );
  const router = createMemoryRouter(routes, { initialEntries: ['/policies'], patchRoutesOnNavigation: patchStaffRoutes });
  const unbind = bindSessionToRouter(router);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, unbind };
}

const answer = (status: number) => () => Promise.resolve(new Response(JSON.stringify({ statusCode: status, error: 'Error', message: 'Falló' }), { status }));
const neverAnswers: ListCall = (_input, init) =>
  new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
const cancelledByBrowser: ListCall = () => Promise.reject(new TypeError('Failed to fetch'));

describe('a list screen when its call fails', () => {
  let unbind: () => void = () => undefined;
  afterEach(() => {
    unbind();
    queryClient.clear();
    endSession();
    window.dispatchEvent(new Event('pageshow'));
  });

  it.each([
    ['a 401 the refresh cannot mend', answer(401)],
    ['a 500', answer(500)],
    ['no answer from the server while the page stays', cancelledByBrowser],
  ] as Array<[string, ListCall]>)('%s ends the session at /login', async (_name, listCall) => {
    const opened = openPolicies(listCall);
    unbind = opened.unbind;
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(opened.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('the 30 s timeout ends the session at /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opened = openPolicies(neverAnswers);
    unbind = opened.unbind;
    await screen.findByRole('heading', { name: 'Pólizas', level: 1 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('a call the browser cancels because the page is leaving (F5, another address) keeps the session', async () => {
    const leaving: ListCall = (input, init) => {
      window.dispatchEvent(new Event('pagehide'));
      return cancelledByBrowser(input, init);
    };
    const opened = openPolicies(leaving);
    unbind = opened.unbind;
    await screen.findByRole('heading', { name: 'Pólizas', level: 1 });
    // The call has failed and settled: the screen shows its error, and nobody was signed out.
    expect(await screen.findByText('No se pudieron cargar las pólizas')).toBeInTheDocument();
    expect(opened.router.state.location.pathname).toBe('/policies');
    expect(localStorage.getItem('auth_token')).not.toBeNull();
  });
});
