import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseLossless, parseNumberAndBigInt, stringify } from 'lossless-json';
import type { Sandbox, SandboxOptions } from './app';
import { createSandbox, DEMO_API_KEY } from './app';

export type TestSandbox = {
  sandbox: Sandbox;
  url: string;
  /** A JSON call with the demo key unless `key` says otherwise (null: no Authorization). */
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>;
  close: () => Promise<void>;
};

export type CallOptions = { key?: string | null; token?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> };
// Contract tests read arbitrary JSON shapes from the answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CallResult = { status: number; headers: Headers; text: string; json: any };

/**
 * Starts a sandbox on a fresh database in a temporary folder, listening on a random loopback port.
 * The rate limit is lifted unless the test asks for it, so contract tests can run quickly.
 */
export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'rights-desk-sandbox-'));
  const sandbox = createSandbox({ dbPath: join(dir, 'sandbox.db'), rateLimitPerSecond: 10_000, ...options });
  const server: Server = createServer(sandbox.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key === undefined ? DEMO_API_KEY : opts.key;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    else if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | Buffer | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = stringify(opts.body) ?? 'null';
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body: body as BodyInit | undefined });
    const text = await res.text();
    let json: unknown = undefined;
    if (text) {
      try {
        json = parseLossless(text, null, parseNumberAndBigInt);
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  return {
    sandbox,
    url,
    call,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
