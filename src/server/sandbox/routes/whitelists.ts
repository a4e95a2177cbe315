import type { Route } from '../http';

export const whitelistRoutes: Route[] = [];
