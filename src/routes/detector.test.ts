import { describe, expect, it } from 'vitest';
import { detectorSearchSchema } from './detector';

describe('detectorSearchSchema', () => {
  it('fills defaults and keeps valid values', () => {
    expect(detectorSearchSchema.parse({})).toEqual({ sort: 'date-desc', verdict: 'all', status: 'all' });
    expect(detectorSearchSchema.parse({ sort: 'score-asc', verdict: 'ai', status: 'request_failed' })).toEqual({ sort: 'score-asc', verdict: 'ai', status: 'request_failed' });
  });

  it('replaces a hand-edited value with its default instead of failing', () => {
    expect(detectorSearchSchema.parse({ sort: 'loudest', verdict: 42, status: 'maybe' })).toEqual({ sort: 'date-desc', verdict: 'all', status: 'all' });
  });
});
