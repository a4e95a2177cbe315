import type { Route } from '../http';

export const assetRoutes: Route[] = [];
