import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { getBrowserApiKey } from '../api/auth';
import { needsSignIn, serverConfigQueryOptions, SignInRequiredError } from '../app/auth/session';
import { NotFoundView } from '../app/errors/NotFoundView';
import { RootErrorView } from '../app/errors/RootErrorView';
import { FullPageLoader } from '../app/shell/FullPageLoader';
import { AppLayout } from '../app/shell/AppLayout';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The root layout is the shell. Before anything loads it reads how the server is connected and,
 * when a key is needed and the tab has none, stops here with the sign-in screen, so no page calls
 * Discovery without a key. Pages find `serverConfig` in their route context.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const serverConfig = await context.queryClient.ensureQueryData(serverConfigQueryOptions());
    if (needsSignIn(serverConfig, getBrowserApiKey())) throw new SignInRequiredError();
    return { serverConfig };
  },
  component: AppLayout,
  pendingComponent: FullPageLoader,
  errorComponent: RootErrorView,
  notFoundComponent: NotFoundView,
});
