import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { createSandbox, DEMO_API_KEY, OTHER_API_KEY, DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET } from './app';

// `npm run sandbox -- [--port 4010] [--db .data/sandbox.db] [--reset] [--scale N] [--faults SPEC]`
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    db: { type: 'string' },
    reset: { type: 'boolean', default: false },
    scale: { type: 'string' },
    faults: { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.SANDBOX_PORT ?? 4010);
const dbPath = values.db ?? process.env.SANDBOX_DB ?? '.data/sandbox.db';
const scale = Number(values.scale ?? process.env.SANDBOX_SCALE ?? 1);

const started = performance.now();
const sandbox = createSandbox({ dbPath, reset: values.reset, scale, faults: values.faults });
const ready = Math.round(performance.now() - started);

const server = createServer(sandbox.handle);
server.listen(port, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${port}`;
  console.log(`Platform sandbox listening on ${url} (database ${dbPath}, ready in ${ready} ms)`);
  console.log(`  Discovery API key:  ${DEMO_API_KEY}   (second organisation: ${OTHER_API_KEY})`);
  console.log(`  Detector client:    ${DETECTOR_CLIENT_ID} / ${DETECTOR_CLIENT_SECRET}  (token: POST ${url}/oauth2/token)`);
  console.log(`  Search:             GET ${url}/api/v1/search/check-search/{lookup_id}  (lookups: GET ${url}/sandbox/search/lookups)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void sandbox.close().then(() => process.exit(0));
  });
}
