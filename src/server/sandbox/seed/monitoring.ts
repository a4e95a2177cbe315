import type { SeedContext } from './index';

export function seedMonitoring(_ctx: SeedContext): void {}
