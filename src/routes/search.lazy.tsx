import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { SearchPage } from '../features/search/components/SearchPage';

const route = getRouteApi('/search');

/** The page of /search, loaded with its own chunk. */
export const Route = createLazyRoute('/search')({ component: SearchRouteComponent });

function SearchRouteComponent() {
  const { serverConfig } = route.useRouteContext();
  return <SearchPage sandbox={!serverConfig.interfaces.search.configured} />;
}
