import { monitoringResultSchema } from '../../api/schemas/discovery';
import type { MonitoringResult } from '../../api/schemas/discovery';

/** A monitoring item as the platform sends it (samples' spelling), parsed through the real schema. */
export function makeItem(resultId: string, matchId: string, overrides: Record<string, unknown> = {}): MonitoringResult {
  return monitoringResultSchema.parse({
    asset_id: '9007199254740993',
    result_id: resultId,
    account_name: `account${resultId}`,
    post_gid: `tt:${resultId}`,
    platform: 'tiktok',
    post_url: `https://www.tiktok.com/@account/video/${resultId}`,
    date_uploaded: '2026-10-31T12:37:41+00:00',
    status: matchId ? 'needs review' : '',
    match: {
      match_id: matchId,
      match_identified: 'yes',
      match_majors: 'no',
      isrc: 'GBNWR2600036',
      title: `Song ${matchId}`,
      artist: 'Ivy Calder',
      distributor: 'Northwind Distribution',
      audio_segments_post: '[[18.1,46.1]]',
      audio_segments_song: '[[29.7,57.7]]',
    },
    ...overrides,
  });
}
