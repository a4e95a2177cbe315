import { createRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/search/components/SearchPage';
import { rootRoute } from './__root';

/** /search: open a Search lookup by id; recent and (on the sandbox) available lookups are offered. */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  component: SearchRouteComponent,
});

function SearchRouteComponent() {
  const { serverConfig } = searchRoute.useRouteContext();
  return <SearchPage sandbox={!serverConfig.interfaces.search.configured} />;
}
