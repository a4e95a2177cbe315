import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an upstream received, in arrival order. */
export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

export type UpstreamHandler = (request: Received, res: ServerResponse) => void;

/**
 * A stand-in upstream on a loopback port that records every request. Events: `first-chunk`
 * (a request's first body bytes arrived), `aborted` (a request's body was cut off),
 * `connection-closed` (a client connection ended, by either side).
 */
export class FakeUpstream extends EventEmitter {
  readonly received: Received[] = [];
  handler: UpstreamHandler = (_request, res) => json(res, 200, { ok: true });
  private server: Server | null = null;
  url = new URL('http://127.0.0.1');

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.onRequest(req, res));
    this.server.on('connection', (socket) => socket.once('close', () => this.emit('connection-closed')));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = new URL(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}`);
    return this;
  }

  /** Requests whose path starts with `prefix`. */
  to(prefix: string): Received[] {
    return this.received.filter((r) => r.url.startsWith(prefix));
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      if (chunks.length === 0) this.emit('first-chunk', req.url);
      chunks.push(chunk);
    });
    req.on('close', () => {
      if (!req.complete) this.emit('aborted', req.url);
    });
    req.on('end', () => {
      const request: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      this.received.push(request);
      this.handler(request, res);
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export type Reply = { status: number; headers: IncomingHttpHeaders; text: string };

/**
 * One raw HTTP call (node:http, not fetch, so the test controls every header and the path is sent
 * exactly as written, `..` and all).
 */
export function request(base: URL | string, method: string, path: string, options: { headers?: OutgoingHttpHeaders; body?: string | Buffer } = {}): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Resolves with the first emission of `event`, or rejects after `ms`. */
export function nextEvent<T = unknown>(emitter: EventEmitter, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    emitter.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** An http server on a loopback port around a handler; for the proxy under test. */
export async function listen(handler: http.RequestListener): Promise<{ url: URL; close: () => Promise<void> }> {
  const server = http.createServer({ requestTimeout: 0 }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
