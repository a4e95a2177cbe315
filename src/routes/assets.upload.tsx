import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { assetsRoute } from './assets';

/** /assets/upload: choose files, describe them, and hand them to the tab's upload queue. */
export const assetUploadRoute = createRoute({
  getParentRoute: () => assetsRoute,
  path: 'upload',
  component: lazyRouteComponent(() => import('../features/assets/components/UploadPage'), 'UploadPage'),
});
