import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { sessionKey } from '~/features/auth/session-key';
import { ApiError } from '~/lib/api';
import { routeTree } from './routeTree.gen';

export function getRouter() {
  // A 401 means the session ended elsewhere (expired, signed out in another tab): forget it and sign in again.
  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 401 || !queryClient.getQueryData(sessionKey)) return;
    queryClient.setQueryData(sessionKey, null);
    void router.navigate({ to: '/login' });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { staleTime: 30_000, retry: (count, error) => !(error instanceof ApiError && error.status < 500 && error.status > 0) && count < 2 } },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
