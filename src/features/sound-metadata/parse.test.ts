import { describe, expect, it } from 'vitest';
import type { SoundMetadata } from '../../api';
import { batchRefusal, matchResults, parseSoundLines } from './parse';

const sound = (sound_id: string, platform: string): SoundMetadata => ({ sound_id, platform, url: '', title: 't', artist: 'a', is_original: false, video_count: 1 });

describe('parseSoundLines', () => {
  it('reads comma and tab lines, skips blank ones and lower-cases platforms', () => {
    const parsed = parseSoundLines('7301, TikTok\n\n  7302\tinstagram  \r\nabc ,youtube\n');
    expect(parsed.entries).toEqual([
      { sound_id: '7301', platform: 'tiktok' },
      { sound_id: '7302', platform: 'instagram' },
      { sound_id: 'abc', platform: 'youtube' },
    ]);
    expect(parsed.bad).toEqual([]);
  });

  it('reports bad lines by their line number, blank lines counted', () => {
    const parsed = parseSoundLines('7301, tiktok\n\n7302\n, tiktok\n7303,\n7304, tik tok\n1,2,3\n7305\ttiktok\textra');
    expect(parsed.bad.map((bad) => [bad.line, bad.reason])).toEqual([
      [3, 'expected "sound id, platform" (a comma or a tab between them)'],
      [4, 'the sound id is missing'],
      [5, 'the platform is missing'],
      [6, 'the platform has a space in it'],
      [7, 'more than one comma; expected "sound id, platform"'],
      [8, 'more than one tab; expected "sound id<TAB>platform"'],
    ]);
    expect(parsed.entries).toEqual([{ sound_id: '7301', platform: 'tiktok' }]);
  });

  it('counts a repeated sound once and says which lines repeated', () => {
    const parsed = parseSoundLines('7301, tiktok\n7301, TIKTOK\n7301, instagram');
    expect(parsed.entries).toHaveLength(2);
    expect(parsed.repeated).toEqual([2]);
  });
});

describe('batchRefusal', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `${7000 + i}, tiktok`).join('\n');

  it('lets up to 100 sounds through and refuses 101 with the count', () => {
    expect(batchRefusal(parseSoundLines(lines(100)))).toBeNull();
    expect(batchRefusal(parseSoundLines(lines(101)))).toBe('That is 101 sounds; one lookup takes at most 100. Split the list and look up 100 at a time.');
  });

  it('refuses bad lines, naming the first ones, and an empty list', () => {
    expect(batchRefusal(parseSoundLines('7301\n7302, tiktok'))).toMatch(/^One line is not "sound id, platform" \(line 1: expected/);
    const many = batchRefusal(parseSoundLines('a\nb\nc\nd\ne'));
    expect(many).toMatch(/^5 lines are not/);
    expect(many).toContain('and 2 more');
    expect(batchRefusal(parseSoundLines('\n  \n'))).toMatch(/^Paste at least one line/);
  });
});

describe('matchResults', () => {
  it('lists what the answer left out as not found, in the order asked', () => {
    const requested = [
      { sound_id: '1', platform: 'tiktok' },
      { sound_id: '2', platform: 'tiktok' },
      { sound_id: '1', platform: 'instagram' },
    ];
    const result = matchResults(requested, [sound('1', 'instagram'), sound('1', 'TikTok')]);
    expect(result.found.map((s) => `${s.platform}/${s.sound_id}`)).toEqual(['TikTok/1', 'instagram/1']);
    expect(result.notFound).toEqual([{ sound_id: '2', platform: 'tiktok' }]);
  });
});
