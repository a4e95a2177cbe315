import { createRoute } from '@tanstack/react-router';
import { UploadPage } from '../features/assets/components/UploadPage';
import { assetsRoute } from './assets';

/** /assets/upload: choose files, describe them, and hand them to the tab's upload queue. */
export const assetUploadRoute = createRoute({
  getParentRoute: () => assetsRoute,
  path: 'upload',
  component: UploadPage,
});
