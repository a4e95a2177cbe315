import type { Route } from '../http';

export const collectionRoutes: Route[] = [];
