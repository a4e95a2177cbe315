// Fails when the built bundle carries a secret: the values of the secret settings (from the
// environment and .env) and the sandbox's known credentials. The sign-in hint for the sandbox's demo
// key must come from GET /api/config at run time, never from the bundle.
// Usage: node scripts/check-no-secrets.mjs [distDir]   (default dist/)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
if (!existsSync(dist) || !statSync(dist).isDirectory()) {
  console.error(`check-no-secrets: ${dist} is not a directory; build first.`);
  process.exit(2);
}

const SECRET_SETTINGS = ['DISCOVERY_API_KEY', 'DETECTOR_CLIENT_ID', 'DETECTOR_CLIENT_SECRET', 'SEARCH_TOKEN'];
const SANDBOX_SECRETS = { 'sandbox detector client secret': 'sandbox-secret', 'sandbox demo API key': 'sandbox-demo-key', 'sandbox second API key': 'sandbox-other-key' };
// Values this short would match by accident; no real credential is that short.
const MIN_LENGTH = 8;

const envFile = join(root, '.env');
const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
/** @type {Array<{ label: string, value: string }>} */
const needles = Object.entries(SANDBOX_SECRETS).map(([label, value]) => ({ label, value }));
for (const name of SECRET_SETTINGS) {
  for (const [source, value] of [['environment', process.env[name]], ['.env', fromFile[name]]]) {
    const trimmed = value?.trim();
    if (trimmed && trimmed.length >= MIN_LENGTH && !needles.some((n) => n.value === trimmed)) needles.push({ label: `${name} (${source})`, value: trimmed });
  }
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const hits = [];
let scanned = 0;
for (const file of files(dist)) {
  scanned++;
  const content = readFileSync(file);
  for (const { label, value } of needles) {
    if (content.includes(value)) hits.push(`${relative(dist, file)}: ${label}`);
  }
}

if (hits.length > 0) {
  // Names where the secret was found, never the secret itself.
  console.error(`check-no-secrets: secrets found in ${dist}:\n  ${hits.join('\n  ')}`);
  process.exit(1);
}
const shown = relative(root, dist).startsWith('..') ? dist : relative(root, dist);
console.log(`check-no-secrets: ${scanned} files in ${shown} carry none of ${needles.length} secret values.`);
