import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Org, Route, SandboxState } from '../http';

export const TUS_PATH = '/v4/cms/assets/file-upload/';
export const uploadRoutes: Route[] = [];
export function createTusHandler(_state: SandboxState) {
  return async (_req: IncomingMessage, _res: ServerResponse, _org: Org): Promise<void> => {};
}
