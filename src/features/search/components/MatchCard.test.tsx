// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { searchMatchSchema } from '../../../api';
import { MatchCard } from './MatchCard';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
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

// A match whose only detail is a phonetic object of a shape the spec does not describe, so no chart is drawn.
const match = searchMatchSchema.parse({
  asset: {
    title: '<img src=x onerror=alert(1)>',
    subtitle: '',
    artist: 'Saint Varga',
    isrc: 'GBNWR2200931',
    id: 'trk_1',
    duration_seconds: 301.9,
    album_name: '',
    label: 'Northwind Records',
    distributor: 'Sonar Rights Ltd',
    release_date: { year: 2022, month: 11, day: 25 },
    dsp: [
      { name: 'YouTube Music', url: 'https://music.youtube.com/watch?v=Zx3c9Qm1LkE' },
      { name: 'Promo page', url: 'javascript:alert(document.domain)' },
    ],
  },
  match_details: {
    audio: null,
    melody: null,
    phonetic: { language: 'en', matched_words: 46, nested: { model: 'p2', tags: ['a', 'b'] }, phrases: [{ text: 'under the glass', confidence: 88, extra: true }] },
    video: null,
  },
});

describe('MatchCard', () => {
  it('renders catalogue data as text and only http(s) streaming links as links', () => {
    render(
      <MantineProvider>
        <MatchCard match={match} index={0} queryDuration={240} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://music.youtube.com/watch?v=Zx3c9Qm1LkE']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('javascript:alert(document.domain)').closest('a')).toBeNull();
    expect(screen.getByText('2022-11-25')).toBeTruthy();
  });

  it('shows every field of an undescribed detail object, nested ones included', () => {
    render(
      <MantineProvider>
        <MatchCard match={match} index={0} queryDuration={240} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Phonetic match details' });
    for (const label of ['Language', 'Matched words', 'Nested', 'Model', 'Tags', 'Phrases']) expect(within(table).getAllByText(label).length).toBeGreaterThan(0);
    expect(within(table).getByText('a, b')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Extra' })).toBeTruthy();
    expect(within(table).getByText('yes')).toBeTruthy();
    expect(screen.getByText('No audio, melody, video match.')).toBeTruthy();
  });
});
