import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { LookupPage } from '../features/search/components/LookupPage';

const route = getRouteApi('/search/$lookupId');

/** The page of /search/<lookup id>, loaded with its own chunk (with recharts, which draws its segment charts). */
export const Route = createLazyRoute('/search/$lookupId')({ component: LookupRouteComponent });

function LookupRouteComponent() {
  const { lookupId } = route.useParams();
  const { serverConfig } = route.useRouteContext();
  return <LookupPage key={lookupId} lookupId={lookupId} sandbox={!serverConfig.interfaces.search.configured} />;
}
