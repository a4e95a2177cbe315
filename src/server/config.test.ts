import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_UPLOAD_V4_THRESHOLD_BYTES, PROJECT_ROOT, loadSettings, parseSettings, sandboxedInterfaces } from './config';

describe('settings', () => {
  it('defaults to the embedded sandbox for every interface, with no server-held secret', () => {
    const settings = parseSettings({});
    expect(sandboxedInterfaces(settings)).toEqual(['discovery', 'detector', 'search']);
    expect(settings.discovery.apiKey).toBeNull();
    expect(settings.detector).toEqual({ baseUrl: null, authUrl: null, clientId: null, clientSecret: null });
    expect(settings.uploadV4ThresholdBytes).toBe(DEFAULT_UPLOAD_V4_THRESHOLD_BYTES);
    expect(settings.uploadV4ThresholdBytes).toBe(2147483648);
    expect(settings.port).toBe(4173);
    expect(settings.host).toBe('127.0.0.1');
    expect(settings.sandboxDb).toBe(join(PROJECT_ROOT, '.data/sandbox.db'));
  });

  it('reads the platform settings; the auth URL defaults to the detector base', () => {
    const settings = parseSettings({
      DISCOVERY_BASE_URL: 'https://discovery.example/api',
      DISCOVERY_API_KEY: 'k',
      DETECTOR_BASE_URL: 'https://detector.example',
      DETECTOR_CLIENT_ID: 'id',
      DETECTOR_CLIENT_SECRET: 's',
      SEARCH_BASE_URL: 'https://search.example',
      UPLOAD_V4_THRESHOLD_BYTES: '1048576',
      PORT: '8080',
      SANDBOX_DB: '/tmp/x.db',
    });
    expect(settings.discovery.baseUrl?.href).toBe('https://discovery.example/api');
    expect(settings.detector.authUrl?.href).toBe('https://detector.example/');
    expect(settings.search.token).toBeNull();
    expect(sandboxedInterfaces(settings)).toEqual([]);
    expect(settings.uploadV4ThresholdBytes).toBe(1048576);
    expect(settings.port).toBe(8080);
    expect(settings.sandboxDb).toBe('/tmp/x.db');
  });

  it('ignores real detector and Search credentials while the sandbox answers those interfaces', () => {
    const settings = parseSettings({ DETECTOR_CLIENT_ID: 'real-id', DETECTOR_CLIENT_SECRET: 'real-secret', SEARCH_TOKEN: 'real-token', DETECTOR_AUTH_URL: 'https://auth.example' });
    expect(settings.detector.clientId).toBeNull();
    expect(settings.detector.clientSecret).toBeNull();
    expect(settings.search.token).toBeNull();
  });

  it('keeps a DISCOVERY_API_KEY in sandbox mode', () => {
    expect(parseSettings({ DISCOVERY_API_KEY: 'sandbox-demo-key' }).discovery.apiKey).toBe('sandbox-demo-key');
  });

  it.each([
    [{ DISCOVERY_BASE_URL: 'not a url' }, 'DISCOVERY_BASE_URL is not a URL.'],
    [{ DISCOVERY_BASE_URL: 'ftp://x.example' }, 'DISCOVERY_BASE_URL must be an http or https URL.'],
    [{ DISCOVERY_BASE_URL: 'https://user:pw@x.example' }, 'DISCOVERY_BASE_URL must not carry credentials; use the key and secret settings.'],
    [{ SEARCH_BASE_URL: 'https://x.example/?a=1' }, 'SEARCH_BASE_URL must not have a query or fragment.'],
    [{ DETECTOR_BASE_URL: 'https://d.example' }, 'DETECTOR_BASE_URL is set, so DETECTOR_CLIENT_ID and DETECTOR_CLIENT_SECRET are required.'],
    [{ UPLOAD_V4_THRESHOLD_BYTES: '2GB' }, `UPLOAD_V4_THRESHOLD_BYTES must be an integer between 1 and ${Number.MAX_SAFE_INTEGER}.`],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535.'],
  ])('refuses %o', (vars, problem) => {
    try {
      parseSettings(vars);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toContain(problem);
    }
  });

  it('refuses a real Search without a token when the detector is the sandbox', () => {
    expect(() => parseSettings({ SEARCH_BASE_URL: 'https://search.example' })).toThrow(/SEARCH_BASE_URL is set without SEARCH_TOKEN/);
  });

  it('merges .env under the environment; a variable set empty in the environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rights-desk-env-'));
    const envFile = join(dir, '.env');
    writeFileSync(envFile, 'DISCOVERY_BASE_URL=https://from-file.example\nDISCOVERY_API_KEY=file-key\nPORT=5000\n# comment\n');
    const fromFile = loadSettings({}, envFile);
    expect(fromFile.discovery.baseUrl?.host).toBe('from-file.example');
    expect(fromFile.discovery.apiKey).toBe('file-key');
    const overridden = loadSettings({ DISCOVERY_BASE_URL: '', PORT: '6000' }, envFile);
    expect(overridden.discovery.baseUrl).toBeNull();
    expect(overridden.port).toBe(6000);
    expect(loadSettings({}, join(dir, 'missing.env')).discovery.baseUrl).toBeNull();
  });
});
