import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// The lookup page draws its charts with recharts; loading the page lazily keeps the chart library
// out of the entry chunk.
const LookupPage = lazyRouteComponent(() => import('../features/search/components/LookupPage'), 'LookupPage');

/** /search/<lookup id>: one lookup, bookmarkable. The page waits for it (check-search blocks) with a Cancel button. */
export const lookupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search/$lookupId',
  component: LookupRouteComponent,
});

function LookupRouteComponent() {
  const { lookupId } = lookupRoute.useParams();
  const { serverConfig } = lookupRoute.useRouteContext();
  return <LookupPage key={lookupId} lookupId={lookupId} sandbox={!serverConfig.interfaces.search.configured} />;
}
