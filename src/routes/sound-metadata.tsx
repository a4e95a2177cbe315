import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /sound-metadata: platform sounds by id, one at a time or up to 100 pasted lines. */
export const soundMetadataRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sound-metadata',
  component: lazyRouteComponent(() => import('../features/sound-metadata/components/SoundMetadataPage'), 'SoundMetadataPage'),
});
