import { parseResponse, serverRequest } from './http';
import { serverConfigSchema, type ServerConfig } from './schemas/config';
import { configureApi } from './settings';

/**
 * GET /api/config: how the Rights Desk server is connected. Also tells the API module whether the
 * server holds the Discovery key (then the browser never sends one of its own).
 */
export async function getServerConfig(options?: { signal?: AbortSignal }): Promise<ServerConfig> {
  const path = '/api/config';
  const data = await serverRequest({ path, signal: options?.signal });
  const config = parseResponse(serverConfigSchema, data, { iface: 'server', path, root: 'config' });
  configureApi({ discoveryKeyOnServer: config.discoveryKeyOnServer });
  return config;
}
