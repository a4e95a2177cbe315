import { HttpError } from './http';

/** The platform's limit: at most `perSecond` calls per key in any rolling second; more → 429. */
export class RateLimiter {
  private readonly calls = new Map<string, number[]>();
  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {}

  check(key: string): void {
    const t = this.now();
    const recent = (this.calls.get(key) ?? []).filter((at) => t - at < 1000);
    if (recent.length >= this.perSecond) {
      const waitMs = 1000 - (t - recent[0]!);
      this.calls.set(key, recent);
      throw new HttpError(429, `Rate limit exceeded: at most ${this.perSecond} calls per second.`, {
        'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
      });
    }
    recent.push(t);
    this.calls.set(key, recent);
  }
}
