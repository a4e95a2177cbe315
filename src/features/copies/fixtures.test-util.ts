import { copySchema } from '../../api/schemas/discovery';
import type { Copy } from '../../api/schemas/discovery';

/** A copy as the platform sends it (samples' spelling), parsed through the real schema. */
export function makeCopy(id: string, overrides: Record<string, unknown> = {}): Copy {
  return copySchema.parse({
    match_id: id,
    match_id_str: id,
    asset_id: '9007199254740993',
    asset_id_str: '9007199254740993',
    whitelist_ids: [],
    created_at: '2026-11-01T10:00:00.000Z',
    platform: 'youtube',
    copy_media_url: `https://www.youtube.com/watch?v=${id}`,
    copy_user_url: 'https://www.youtube.com/@someone',
    copy_user_name: 'someone',
    copy_user_real_name: 'Some One',
    copy_user_is_verified: false,
    copy_title: `Copy ${id}`,
    copy_upload_date: '2026-10-30T08:00:00.000Z',
    copy_duration: 200,
    copy_sound_id: null,
    copy_statistics: { views_count: 1200, shares_count: 3, comments_count: 4, likes_count: 50, dislike_count: 1 },
    match_data: {
      matching_segments_in_asset: [10, 40],
      matching_segments_in_copy: [0, 30],
      copy_percentage_asset: 15,
      copy_percentage_copy: 15,
      length_of_match: 30,
      is_audio_modified: false,
    },
    match_category: 'SN30',
    user_actions: { statuses: [] },
    is_nsfw: false,
    is_taken_down: false,
    content_type: 'video',
    ...overrides,
  });
}
