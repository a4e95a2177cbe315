import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox } from './sandbox/app';

export type EmbeddedSandbox = {
  /** Loopback origin of the sandbox, e.g. http://127.0.0.1:40123 (never shown to the browser). */
  url: URL;
  close: () => Promise<void>;
};

export type EmbeddedSandboxOptions = {
  dbPath: string;
  faults?: string;
  /** Drop all data and seed again before serving. */
  reset?: boolean;
};

/**
 * Runs the platform sandbox inside this process on an ephemeral loopback port. The proxy then talks
 * to it over HTTP exactly as it talks to the real platform, so both modes share one code path.
 */
export async function startEmbeddedSandbox(options: EmbeddedSandboxOptions): Promise<EmbeddedSandbox> {
  const sandbox = createSandbox({ dbPath: options.dbPath, faults: options.faults, reset: options.reset });
  const server = createServer(sandbox.handle);
  // Large uploads and blocking Search lookups must not be cut by Node's default request timeout.
  server.requestTimeout = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => sandbox.close());
      return closing;
    },
  };
}
