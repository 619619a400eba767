import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, parsePath, RouterProvider, useLocation } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

/** Shows where the app navigated to, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders a screen inside a memory router and a fresh query client. Other paths render a probe
 * so tests can check where a screen navigated. `state` is the router state the screen opens with.
 */
export function renderRoute(
  element: ReactElement,
  { path = '/', url = path, state }: { path?: string; url?: string; state?: unknown } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [state === undefined ? url : { ...parsePath(url), state }] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
