import type { Route } from '../http';

export const searchRoutes: Route[] = [];
