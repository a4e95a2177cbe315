// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { SegmentBar, describeSegmentBar } from './SegmentBar';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

describe('SegmentBar', () => {
  it('places each range proportionally and describes it in words', () => {
    render(
      <MantineProvider>
        <SegmentBar label="Asset" duration={200} segments={[{ start: 50, end: 100 }, { start: 150, end: 200 }]} excluded={[{ start: 0, end: 20 }]} />
      </MantineProvider>,
    );
    const bar = screen.getByRole('img');
    expect(bar.getAttribute('aria-label')).toBe('Asset, 3 min 20 s: matched 0:50–1:40, 2:30–3:20; excluded 0:00–0:20');
    const marked = bar.querySelectorAll<HTMLElement>('[data-kind="marked"]');
    expect(marked).toHaveLength(2);
    expect(marked[0]!.style.left).toBe('25%');
    expect(marked[0]!.style.width).toBe('25%');
    expect(marked[1]!.style.left).toBe('75%');
    expect(bar.querySelectorAll('[data-kind="excluded"]')).toHaveLength(1);
  });

  it('clips ranges beyond the duration and scales to the segments when the duration is unknown', () => {
    render(
      <MantineProvider>
        <SegmentBar label="Copy" duration={null} segments={[{ start: 0, end: 30 }, { start: 30, end: 60 }]} />
      </MantineProvider>,
    );
    const bar = screen.getByRole('img');
    const marked = bar.querySelectorAll<HTMLElement>('[data-kind="marked"]');
    // The two touching ranges merge into one bar across the whole width.
    expect(marked).toHaveLength(1);
    expect(marked[0]!.style.width).toBe('100%');
    expect(bar.getAttribute('aria-label')).toBe('Copy, length unknown: matched 0:00–1:00');
  });

  it('says when nothing matched', () => {
    expect(describeSegmentBar({ label: 'Copy', duration: 30, segments: [] })).toBe('Copy, 30 s: nothing matched');
  });
});
