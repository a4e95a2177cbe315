import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The project root (this file lives in src/server/). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const DEFAULT_UPLOAD_V4_THRESHOLD_BYTES = 2 * 1024 * 1024 * 1024;
export const DEFAULT_PORT = 4173;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_SANDBOX_DB = '.data/sandbox.db';

export type InterfaceName = 'discovery' | 'detector' | 'search';
export const INTERFACE_NAMES: readonly InterfaceName[] = ['discovery', 'detector', 'search'];

/** Settings of the server. A `null` base URL means "the embedded sandbox". */
export type Settings = {
  discovery: { baseUrl: URL | null; apiKey: string | null };
  /**
   * Client credentials are only read when a detector base URL is set (the sandbox has its own);
   * the auth URL defaults to the detector base URL.
   */
  detector: { baseUrl: URL | null; authUrl: URL | null; clientId: string | null; clientSecret: string | null };
  /** The token is only read when a Search base URL is set; without one the detector's token is used. */
  search: { baseUrl: URL | null; token: string | null };
  /** Absolute path of the embedded sandbox's SQLite file. */
  sandboxDb: string;
  sandboxFaults: string;
  uploadV4ThresholdBytes: number;
  port: number;
  host: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid Rights Desk settings:\n  - ${problems.join('\n  - ')}`);
  }
}

/**
 * Reads the environment merged over an optional `.env` file in the project root: a variable set in
 * the environment wins, even when it is empty (so `DISCOVERY_BASE_URL= npm start` forces the sandbox
 * whatever `.env` says). Empty values count as unset.
 */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env, envFile: string | null = resolve(PROJECT_ROOT, '.env')): Record<string, string> {
  const fromFile = envFile && existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...fromFile, ...env })) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env, envFile: string | null = resolve(PROJECT_ROOT, '.env')): Settings {
  return parseSettings(readEnvironment(env, envFile));
}

export function parseSettings(vars: Record<string, string | undefined>): Settings {
  const problems: string[] = [];
  const get = (name: string): string | null => {
    const value = vars[name]?.trim();
    return value ? value : null;
  };
  const url = (name: string): URL | null => {
    const raw = get(name);
    if (raw === null) return null;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      problems.push(`${name} is not a URL.`);
      return null;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') problems.push(`${name} must be an http or https URL.`);
    if (parsed.username || parsed.password) problems.push(`${name} must not carry credentials; use the key and secret settings.`);
    if (parsed.search || parsed.hash) problems.push(`${name} must not have a query or fragment.`);
    return parsed;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max}.`);
      return fallback;
    }
    return value;
  };

  const discoveryBase = url('DISCOVERY_BASE_URL');
  const detectorBase = url('DETECTOR_BASE_URL');
  const searchBase = url('SEARCH_BASE_URL');

  // The embedded sandbox issues its own detector credentials; real ones are only read for a real detector.
  let detector: Settings['detector'] = { baseUrl: null, authUrl: null, clientId: null, clientSecret: null };
  if (detectorBase) {
    detector = {
      baseUrl: detectorBase,
      authUrl: url('DETECTOR_AUTH_URL') ?? detectorBase,
      clientId: get('DETECTOR_CLIENT_ID'),
      clientSecret: get('DETECTOR_CLIENT_SECRET'),
    };
    if (!detector.clientId || !detector.clientSecret) {
      problems.push('DETECTOR_BASE_URL is set, so DETECTOR_CLIENT_ID and DETECTOR_CLIENT_SECRET are required.');
    }
  }

  // Like the detector's credentials, a Search token only goes to a real Search service.
  const searchToken = searchBase ? get('SEARCH_TOKEN') : null;
  if (searchBase && !searchToken && !detectorBase) {
    problems.push('SEARCH_BASE_URL is set without SEARCH_TOKEN: Search then uses the detector token, which needs DETECTOR_BASE_URL and its client credentials.');
  }

  const sandboxDb = get('SANDBOX_DB') ?? DEFAULT_SANDBOX_DB;
  const settings: Settings = {
    discovery: { baseUrl: discoveryBase, apiKey: get('DISCOVERY_API_KEY') },
    detector,
    search: { baseUrl: searchBase, token: searchToken },
    sandboxDb: isAbsolute(sandboxDb) ? sandboxDb : resolve(PROJECT_ROOT, sandboxDb),
    sandboxFaults: get('SANDBOX_FAULTS') ?? '',
    uploadV4ThresholdBytes: integer('UPLOAD_V4_THRESHOLD_BYTES', DEFAULT_UPLOAD_V4_THRESHOLD_BYTES, 1, Number.MAX_SAFE_INTEGER),
    port: integer('PORT', DEFAULT_PORT, 0, 65535),
    host: get('HOST') ?? DEFAULT_HOST,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}

/** Interfaces without a configured upstream, which the embedded sandbox answers. */
export function sandboxedInterfaces(settings: Settings): InterfaceName[] {
  return INTERFACE_NAMES.filter((name) => settings[name].baseUrl === null);
}
