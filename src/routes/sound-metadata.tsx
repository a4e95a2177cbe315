import { createRoute } from '@tanstack/react-router';
import { SoundMetadataPage } from '../features/sound-metadata/components/SoundMetadataPage';
import { rootRoute } from './__root';

/** /sound-metadata: platform sounds by id, one at a time or up to 100 pasted lines. */
export const soundMetadataRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sound-metadata',
  component: SoundMetadataPage,
});
