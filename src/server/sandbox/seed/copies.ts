import type { SeedContext } from './index';

export function seedCopies(_ctx: SeedContext): void {}
