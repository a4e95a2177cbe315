import type { Route } from '../http';

export const statusRoutes: Route[] = [];
