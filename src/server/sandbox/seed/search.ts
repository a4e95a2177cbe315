import type { SeedContext } from './index';

export function seedSearch(_ctx: SeedContext): void {}
