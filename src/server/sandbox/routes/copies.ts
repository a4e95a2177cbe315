import type { Route } from '../http';

export const copyRoutes: Route[] = [];
