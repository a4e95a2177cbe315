// Starts the production server for the Playwright journeys: always the embedded sandbox, on a fresh
// database in a temporary folder (so every run begins from the same seed), with a 1 MiB v4 upload
// threshold so the journeys can drive the tus path with small files. Port from PORT (playwright.config.ts);
// DIST_DIR (default dist) names the build to serve.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(root, process.env.DIST_DIR || 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`e2e-server: ${distDir}/index.html is missing; run \`npm run build\` first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'rights-desk-e2e-'));
const env = {
  ...process.env,
  PORT: process.env.PORT ?? '4300',
  HOST: '127.0.0.1',
  SANDBOX_DB: join(dataDir, 'sandbox.db'),
  UPLOAD_V4_THRESHOLD_BYTES: '1048576',
  // Set but empty: these win over a developer's .env, so the journeys never reach a real platform.
  DISCOVERY_BASE_URL: '',
  DISCOVERY_API_KEY: '',
  DETECTOR_BASE_URL: '',
  DETECTOR_AUTH_URL: '',
  DETECTOR_CLIENT_ID: '',
  DETECTOR_CLIENT_SECRET: '',
  SEARCH_BASE_URL: '',
  SEARCH_TOKEN: '',
  SANDBOX_FAULTS: '',
};

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')], { cwd: root, env, stdio: 'inherit' });

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
}

child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
