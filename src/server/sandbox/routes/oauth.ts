import type { Route } from '../http';

export const oauthRoutes: Route[] = [];
