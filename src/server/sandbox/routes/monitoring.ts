import type { Route } from '../http';

export const monitoringRoutes: Route[] = [];
