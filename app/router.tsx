import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createRouter, isNotFound, lazyRouteComponent } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { sessionKey } from '~/features/auth/session-key';
import { ApiError } from '~/lib/api';
import { routeTree } from './routeTree.gen';

/** A 401 about the request as a whole (not about a field, such as a wrong current password) ends the session. */
const endsSession = (error: Error) =>
  error instanceof ApiError && error.status === 401 && Object.keys(error.errors).every((key) => key === '_');

/** A refusal (4xx, or a server function's not-found) answers the same the next time: only failures are retried. */
const isRefusal = (error: unknown) => isNotFound(error) || (error instanceof ApiError && error.status < 500 && error.status > 0);

export function getRouter() {
  // The session ended elsewhere (expired, signed out in another tab): forget it and sign in again.
  const onError = (error: Error) => {
    if (typeof window === 'undefined' || !endsSession(error) || !queryClient.getQueryData(sessionKey)) return;
    queryClient.setQueryData(sessionKey, null);
    void router.navigate({ to: '/login' });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !isRefusal(error) && count < 2,
      },
    },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    // Loaders fill the query cache, so the router need not keep its own copy fresh.
    defaultPreloadStaleTime: 0,
    // Rarely needed, so they load when they are.
    defaultErrorComponent: lazyRouteComponent(() => import('~/components/route-states'), 'RouteError'),
    defaultNotFoundComponent: lazyRouteComponent(() => import('~/components/route-states'), 'RouteNotFound'),
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
