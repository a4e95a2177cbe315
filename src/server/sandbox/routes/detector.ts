import type { Route } from '../http';

export const detectorRoutes: Route[] = [];
