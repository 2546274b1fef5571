import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** Renders one screen at `path` inside a real router, with stub pages for wherever it may send the user. */
export async function renderScreen(path: string, screenNode: () => ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const stubs = ['/login', '/dashboard', '/register', '/forgot-password'].filter((p) => p !== path);
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path, component: screenNode }),
      ...stubs.map((p) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>page {p}</p> })),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: /.+/ });
  return { router, queryClient };
}

/** Replaces fetch with one API reply and records the calls. */
export function replyWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const sentBody = (fetchMock: ReturnType<typeof replyWith>) => JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
