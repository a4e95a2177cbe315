import type { Route } from '../http';

export const sandboxToolRoutes: Route[] = [];
