import { describe, expect, it } from 'vitest';
import { csvFromRecords } from '../../lib/csv';
import { makeItem } from './fixtures.test-util';
import { monitoringCsvColumns } from './export';

describe('monitoringCsvColumns', () => {
  it('writes one line per match with readable segments, and unreadable ones as sent', () => {
    const csv = csvFromRecords(monitoringCsvColumns, [
      makeItem('10', '101'),
      makeItem('11', '111', { match: { match_id: '111', match_identified: 'yes', match_majors: 'yes', isrc: '', title: 'T', artist: 'A', distributor: 'D', audio_segments_post: '[[12.5, 30', audio_segments_song: '' } }),
    ]);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('result_id,match_id,status');
    expect(lines[1]).toContain('10,101,needs_review,tiktok');
    expect(lines[1]).toContain('18.1-46.1,29.7-57.7');
    expect(lines[2]).toContain('"[[12.5, 30",');
  });
});
