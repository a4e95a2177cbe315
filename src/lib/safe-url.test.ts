import { describe, expect, it } from 'vitest';
import { isSafeHttpUrl, safeHttpUrl } from './safe-url';

describe('safeHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(safeHttpUrl('https://www.tiktok.com/@user/video/1')).toBe('https://www.tiktok.com/@user/video/1');
    expect(safeHttpUrl('  http://example.com ')).toBe('http://example.com/');
  });
  it('refuses scripts, data, other schemes, relative paths and garbage', () => {
    for (const bad of [
      'javascript:alert(document.domain)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://example.com/file',
      'mailto:someone@example.com',
      '/copies/1',
      '//evil.example/x',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(safeHttpUrl(bad), String(bad)).toBeNull();
      expect(isSafeHttpUrl(bad)).toBe(false);
    }
  });
});
