import type { SeedContext } from './index';

export function seedCatalogue(_ctx: SeedContext): void {}
