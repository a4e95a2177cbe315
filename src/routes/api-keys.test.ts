import { describe, expect, it } from 'vitest';
import { apiKeysSearchSchema } from './api-keys';

describe('API keys search params', () => {
  it('fills defaults for a bare URL', () => {
    expect(apiKeysSearchSchema.parse({})).toEqual({ q: '', sort: 'created' });
  });

  it('keeps valid values', () => {
    expect(apiKeysSearchSchema.parse({ q: 'ingest', sort: 'name' })).toEqual({ q: 'ingest', sort: 'name' });
  });

  it('replaces malformed values with defaults instead of failing', () => {
    expect(apiKeysSearchSchema.parse({ q: { nested: true }, sort: 'bogus' })).toEqual({ q: '', sort: 'created' });
    expect(apiKeysSearchSchema.parse({ q: ['a', 'b'], sort: 42 })).toEqual({ q: '', sort: 'created' });
  });

  it('ignores unknown params', () => {
    expect(apiKeysSearchSchema.parse({ page: 3, sort: 'name' })).toEqual({ q: '', sort: 'name' });
  });
});
