import type { Db } from './db';
import { getMeta, setMeta } from './db';

// Ids are time-based like the platform's: milliseconds since 2015-01-01 shifted left by 22 bits, plus
// a sequence. That puts every id above 2^53 (19 digits), so a client that loses precision shows it at once.
const EPOCH_MS = 1_420_070_400_000n;
const SHIFT = 22n;
export const INT64_MAX = 9_223_372_036_854_775_807n;

export function idForTime(ms: number, sequence = 0n): bigint {
  return ((BigInt(Math.floor(ms)) - EPOCH_MS + 1_000_000_000_000n) << SHIFT) + sequence;
}

/** Issues ids that only ever grow, persisted so a restart never reuses one. */
export class IdIssuer {
  private last: bigint;
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.last = BigInt(getMeta(db, 'last_id') ?? '0');
  }

  next(): bigint {
    const candidate = idForTime(this.now());
    this.last = candidate > this.last ? candidate : this.last + 1n;
    setMeta(this.db, 'last_id', this.last.toString());
    return this.last;
  }

  /** After seeding with explicit ids, keep runtime ids above them. */
  observe(id: bigint): void {
    if (id > this.last) {
      this.last = id;
      setMeta(this.db, 'last_id', id.toString());
    }
  }
}

/** A path or query id: digits only, within signed 64-bit. Returns null when it is not one. */
export function parseId(value: string | null | undefined): bigint | null {
  if (value == null || !/^\d{1,19}$/.test(value)) return null;
  const id = BigInt(value);
  return id <= INT64_MAX ? id : null;
}
