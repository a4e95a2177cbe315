import type { Route } from '../http';

export const apiKeyRoutes: Route[] = [];
