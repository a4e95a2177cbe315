/**
 * Fault injection for client testing. A spec like `429=0.1,500=0.05,503=0.05,latency=200,paths=/v3/drm;/v3/cms`
 * answers that share of calls with the given status (before the handler runs, so a faulted call never
 * changes anything) and delays every matching call by `latency` milliseconds.
 */
export type FaultSpec = {
  rates: Partial<Record<429 | 500 | 503, number>>;
  latencyMs: number;
  /** Path prefixes the faults apply to; empty means every platform path. */
  paths: string[];
  /** Seed for the deterministic fault sequence. */
  seed: number;
};

export const NO_FAULTS: FaultSpec = { rates: {}, latencyMs: 0, paths: [], seed: 1 };

export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = { rates: {}, latencyMs: 0, paths: [], seed: 1 };
  const trimmed = text.trim();
  if (!trimmed) return spec;
  if (trimmed.startsWith('{')) return normaliseFaultSpec(JSON.parse(trimmed) as Record<string, unknown>);
  for (const part of trimmed.split(',')) {
    const [key, value = ''] = part.split('=').map((s) => s.trim());
    if (key === '429' || key === '500' || key === '503') spec.rates[Number(key) as 429 | 500 | 503] = clampRate(Number(value));
    else if (key === 'latency') spec.latencyMs = Math.max(0, Number(value) || 0);
    else if (key === 'paths') spec.paths = value.split(';').filter(Boolean);
    else if (key === 'seed') spec.seed = Number(value) || 1;
  }
  return spec;
}

/** Accepts the JSON form `{ rates: {429: 0.1}, latencyMs, paths, seed }` (from /sandbox/faults). */
export function normaliseFaultSpec(input: Record<string, unknown>): FaultSpec {
  const rates: FaultSpec['rates'] = {};
  const rawRates = (input.rates ?? {}) as Record<string, unknown>;
  for (const code of [429, 500, 503] as const) {
    const value = Number(rawRates[code] ?? 0);
    if (value > 0) rates[code] = clampRate(value);
  }
  const paths = Array.isArray(input.paths) ? input.paths.filter((p): p is string => typeof p === 'string') : [];
  return { rates, latencyMs: Math.max(0, Number(input.latencyMs ?? 0) || 0), paths, seed: Number(input.seed ?? 1) || 1 };
}

function clampRate(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export class FaultInjector {
  private state: number;
  constructor(private spec: FaultSpec = NO_FAULTS) {
    this.state = spec.seed;
  }

  get current(): FaultSpec {
    return this.spec;
  }

  set(spec: FaultSpec): void {
    this.spec = spec;
    this.state = spec.seed;
  }

  /** Waits the configured latency, then returns a status to answer with, or null to go on. */
  async pick(path: string): Promise<429 | 500 | 503 | null> {
    const { rates, latencyMs, paths } = this.spec;
    if (paths.length > 0 && !paths.some((p) => path.startsWith(p))) return null;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const roll = this.random();
    let threshold = 0;
    for (const code of [429, 500, 503] as const) {
      threshold += rates[code] ?? 0;
      if (roll < threshold) return code;
    }
    return null;
  }

  // mulberry32: small, deterministic, good enough for picking faults.
  private random(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
