import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InterfaceName, Settings } from '../config';
import { INTERFACE_NAMES, sandboxedInterfaces } from '../config';
import type { EmbeddedSandbox } from '../embedded-sandbox';
import { startEmbeddedSandbox } from '../embedded-sandbox';
import { DEMO_API_KEY, DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET } from '../sandbox/app';
import type { ProxiedInterface, PublicConfig } from './proxy';
import { createProxy } from './proxy';
import type { TokenSource } from './token-cache';
import { ClientCredentialsTokens, staticToken, tokenEndpoint } from './token-cache';

export type ProxyRuntime = {
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  config: PublicConfig;
  /** Loopback URL of the embedded sandbox, when one runs. */
  sandboxUrl: URL | null;
  /** Lines for the start-up log: where each interface goes and how to sign in. No secrets. */
  describe: () => string[];
  close: () => Promise<void>;
};

export type RuntimeOptions = {
  /** Drop the sandbox database's data and seed again. */
  resetSandbox?: boolean;
  idleTimeoutMs?: number;
};

/** Starts what the proxy needs (the embedded sandbox when an upstream URL is missing) and builds it. */
export async function startProxyRuntime(settings: Settings, options: RuntimeOptions = {}): Promise<ProxyRuntime> {
  const sandboxed = sandboxedInterfaces(settings);
  let sandbox: EmbeddedSandbox | null = null;
  if (sandboxed.length > 0) {
    sandbox = await startEmbeddedSandbox({ dbPath: settings.sandboxDb, faults: settings.sandboxFaults, reset: options.resetSandbox });
  }
  const baseOf = (name: InterfaceName): URL => settings[name].baseUrl ?? sandbox!.url;

  // The sandbox's own client stands in for real detector credentials wherever the sandbox answers.
  let sandboxTokens: TokenSource | null = null;
  const sandboxTokenSource = (): TokenSource =>
    (sandboxTokens ??= new ClientCredentialsTokens({ tokenUrl: tokenEndpoint(sandbox!.url), clientId: DETECTOR_CLIENT_ID, clientSecret: DETECTOR_CLIENT_SECRET }));

  const { detector } = settings;
  const detectorTokens: TokenSource =
    detector.baseUrl && detector.authUrl && detector.clientId && detector.clientSecret
      ? new ClientCredentialsTokens({ tokenUrl: tokenEndpoint(detector.authUrl), clientId: detector.clientId, clientSecret: detector.clientSecret })
      : sandboxTokenSource();

  let searchTokens: TokenSource;
  if (settings.search.baseUrl === null) searchTokens = sandboxTokenSource();
  else if (settings.search.token) searchTokens = staticToken(settings.search.token);
  else searchTokens = detectorTokens;

  const interfaces: Record<InterfaceName, ProxiedInterface> = {
    discovery: { base: baseOf('discovery'), sandbox: settings.discovery.baseUrl === null, credentials: { kind: 'api-key', apiKey: settings.discovery.apiKey } },
    detector: { base: baseOf('detector'), sandbox: detector.baseUrl === null, credentials: { kind: 'token', tokens: detectorTokens } },
    search: { base: baseOf('search'), sandbox: settings.search.baseUrl === null, credentials: { kind: 'token', tokens: searchTokens } },
  };

  const config = publicConfig(settings);
  const proxy = createProxy({ interfaces, config, idleTimeoutMs: options.idleTimeoutMs });

  return {
    handle: proxy.handle,
    config,
    sandboxUrl: sandbox?.url ?? null,
    describe: () => {
      const lines = INTERFACE_NAMES.map((name) => `  ${name.padEnd(10)} → ${config.interfaces[name].configured ? config.interfaces[name].target : 'embedded sandbox'}`);
      if (sandbox) lines.push(`  sandbox database: ${settings.sandboxDb}`);
      if (config.sandboxDemoKey) lines.push(`  sign in with the sandbox's demo API key: ${config.sandboxDemoKey}`);
      else if (config.discoveryKeyOnServer) lines.push('  Discovery API key held by the server (DISCOVERY_API_KEY)');
      return lines;
    },
    close: async () => {
      proxy.close();
      await sandbox?.close();
    },
  };
}

/** The /api/config answer: where each interface goes, by host name only, and never a secret. */
export function publicConfig(settings: Settings): PublicConfig {
  const target = (name: InterfaceName) => {
    const base = settings[name].baseUrl;
    return { target: base ? base.host : 'Sandbox', configured: base !== null };
  };
  const discoverySandboxed = settings.discovery.baseUrl === null;
  const discoveryKeyOnServer = settings.discovery.apiKey !== null;
  return {
    platform: sandboxedInterfaces(settings).length === 0 ? 'platform' : 'sandbox',
    discoveryKeyOnServer,
    interfaces: { discovery: target('discovery'), detector: target('detector'), search: target('search') },
    uploadV4ThresholdBytes: settings.uploadV4ThresholdBytes,
    // The sandbox's demo key is public (README) but kept out of the bundle: the sign-in screen reads it here.
    ...(discoverySandboxed && !discoveryKeyOnServer ? { sandboxDemoKey: DEMO_API_KEY } : {}),
  };
}
