import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './config';

const SCRIPT = join(PROJECT_ROOT, 'scripts', 'check-no-secrets.mjs');
let dist: string;

function check(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [SCRIPT, dist], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeEach(() => {
  dist = join(mkdtempSync(join(tmpdir(), 'rights-desk-dist-')), 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-1a2b.js'), 'fetch("/api/config").then((r) => r.json());');
});

afterEach(() => rmSync(join(dist, '..'), { recursive: true, force: true }));

describe('scripts/check-no-secrets.mjs', () => {
  it('passes a bundle without secrets', () => {
    const result = check({ DISCOVERY_API_KEY: 'live-key-5a7c9e1f' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it.each([['sandbox-demo-key'], ['sandbox-secret']])('fails when the bundle carries the sandbox credential %s', (secret) => {
    writeFileSync(join(dist, 'assets', 'session-9f.js'), `export const hint = "${secret}";`);
    const result = check();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(join('assets', 'session-9f.js'));
  });

  it.each([['DISCOVERY_API_KEY'], ['DETECTOR_CLIENT_SECRET'], ['SEARCH_TOKEN']])('fails when the bundle carries the value of %s, without printing it', (name) => {
    const value = `value-of-${name.toLowerCase()}-31c8`;
    writeFileSync(join(dist, 'assets', 'chunk-77.js'), `const x = ${JSON.stringify(value)};`);
    const result = check({ [name]: value });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${name} (environment)`);
    expect(result.stderr + result.stdout).not.toContain(value);
  });

  it('fails when the directory does not exist', () => {
    rmSync(dist, { recursive: true });
    expect(check().code).toBe(2);
  });
});
