import type { Route } from '../http';

export const soundMetadataRoutes: Route[] = [];
