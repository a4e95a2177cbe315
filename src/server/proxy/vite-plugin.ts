import type { Server as HttpServer } from 'node:http';
import type { Connect, Logger, Plugin } from 'vite';
import type { Settings } from '../config';
import type { ProxyRuntime } from './runtime';

let announced = false;

/**
 * Mounts the credential proxy (and the embedded sandbox when an upstream URL is missing) in
 * `vite dev` and `vite preview`. The server modules are imported lazily so `vite build` never opens
 * the sandbox database. `settings` replaces the environment and .env (tests).
 */
export function rightsDeskProxyPlugin(options: { settings?: Settings } = {}): Plugin {
  let runtime: ProxyRuntime | null = null;

  async function start(httpServer: unknown, middlewares: Connect.Server, logger: Logger): Promise<void> {
    const [{ loadSettings }, { startProxyRuntime }] = await Promise.all([import('../config'), import('./runtime')]);
    runtime = await startProxyRuntime(options.settings ?? loadSettings());
    const handle = runtime.handle;
    middlewares.use((req, res, next) => {
      if (!handle(req, res)) next();
    });
    // Node's default 5-minute request timeout would cut large uploads through the proxy.
    if (httpServer && typeof (httpServer as HttpServer).requestTimeout === 'number') (httpServer as HttpServer).requestTimeout = 0;
    if (!announced) {
      announced = true;
      logger.info(['Rights Desk proxy:', ...runtime.describe()].join('\n'));
    }
  }

  async function stop(): Promise<void> {
    const current = runtime;
    runtime = null;
    await current?.close();
  }

  return {
    name: 'rights-desk-proxy',
    config: () => ({
      // The sandbox database changes on every write; watching it would only cost CPU.
      server: { watch: { ignored: ['**/.data/**'] } },
    }),
    configureServer: (server) => start(server.httpServer, server.middlewares, server.config.logger),
    configurePreviewServer: (server) => start(server.httpServer, server.middlewares, server.config.logger),
    closeServer: stop,
    closePreviewServer: stop,
  };
}
