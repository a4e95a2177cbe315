import { describe, expect, it } from 'vitest';
import { listHref } from './links';

describe('listHref', () => {
  it('writes plain values and small ids as they are', () => {
    expect(listHref('/copies', { platform: 'tiktok' })).toBe('/copies?platform=tiktok');
    expect(listHref('/copies', { status: '40' })).toBe('/copies?status=40');
    expect(listHref('/monitoring', { status: 'needs_review' })).toBe('/monitoring?status=needs_review');
    expect(listHref('/copies', {})).toBe('/copies');
  });

  it('quotes ids beyond 2^53 so the router keeps every digit, and escapes text', () => {
    expect(listHref('/copies', { asset: '5710651700801437737' })).toBe('/copies?asset=%225710651700801437737%22');
    expect(listHref('/copies', { platform: 'a&b c' })).toBe('/copies?platform=a%26b%20c');
  });
});
