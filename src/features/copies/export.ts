import { listAssets, listCopies } from '../../api/discovery';
import type { Id } from '../../api/ids';
import type { Copy } from '../../api/schemas/discovery';
import type { CsvColumn } from '../../lib/csv';
import { csvFromRecords } from '../../lib/csv';
import { segmentsFromFlat } from '../../lib/segments';
import type { StatusEntry } from './statuses';
import { statusTitle } from './statuses';
import { PAGE_SIZE, listParams, nextCursor } from './queries';
import type { CopiesSearch } from './search';

// CSV export of the queue's current filters: every page, fetched at background priority (so the
// page stays responsive), with progress and cancel. Asset titles come from the assets list.

export type ExportProgress = { copies: number; pages: number; phase: 'copies' | 'assets' | 'done' };

const flatSegments = (flat: readonly number[]) =>
  segmentsFromFlat(flat)
    .map((s) => `${s.start}-${s.end}`)
    .join(' ');

export function copyCsvColumns(assetTitles: ReadonlyMap<string, string>, legend: readonly StatusEntry[]): CsvColumn<Copy>[] {
  return [
    { header: 'match_id', value: (c) => c.match_id },
    { header: 'copy_title', value: (c) => c.copy_title },
    { header: 'platform', value: (c) => c.platform },
    { header: 'copy_media_url', value: (c) => c.copy_media_url },
    { header: 'uploader', value: (c) => c.copy_user_name },
    { header: 'uploader_real_name', value: (c) => c.copy_user_real_name },
    { header: 'uploader_verified', value: (c) => c.copy_user_is_verified },
    { header: 'uploader_url', value: (c) => c.copy_user_url },
    { header: 'asset_id', value: (c) => c.asset_id },
    { header: 'asset_title', value: (c) => assetTitles.get(c.asset_id) ?? '' },
    { header: 'match_category', value: (c) => c.match_category },
    { header: 'copy_percentage_of_asset', value: (c) => c.match_data.copy_percentage_of_asset },
    { header: 'asset_percentage_of_copy', value: (c) => c.match_data.asset_percentage_of_copy },
    { header: 'length_of_match_seconds', value: (c) => c.match_data.length_of_match },
    { header: 'matching_segments_in_asset', value: (c) => flatSegments(c.match_data.matching_segments_in_asset) },
    { header: 'matching_segments_in_copy', value: (c) => flatSegments(c.match_data.matching_segments_in_copy) },
    { header: 'is_audio_modified', value: (c) => c.match_data.is_audio_modified },
    { header: 'copy_duration_seconds', value: (c) => c.copy_duration },
    { header: 'views', value: (c) => c.copy_statistics.views_count },
    { header: 'likes', value: (c) => c.copy_statistics.likes_count },
    { header: 'comments', value: (c) => c.copy_statistics.comments_count },
    { header: 'shares', value: (c) => c.copy_statistics.shares_count },
    { header: 'dislikes', value: (c) => c.copy_statistics.dislikes_count },
    { header: 'copy_upload_date', value: (c) => c.copy_upload_date },
    { header: 'created_at', value: (c) => c.created_at },
    { header: 'is_taken_down', value: (c) => c.is_taken_down },
    { header: 'is_nsfw', value: (c) => c.is_nsfw },
    { header: 'status_codes', value: (c) => c.user_actions.statuses.join(' ') },
    { header: 'statuses', value: (c) => c.user_actions.statuses.map((code) => statusTitle(code, legend)).join('; ') },
    { header: 'whitelist_ids', value: (c) => c.whitelist_ids.join(' ') },
  ];
}

/** Every copy of the filtered view, newest first, page by page. */
export async function fetchAllCopies(search: CopiesSearch, options: { signal: AbortSignal; onProgress?: (p: ExportProgress) => void }): Promise<Copy[]> {
  const rows: Copy[] = [];
  let cursor: Id | undefined;
  let pages = 0;
  for (;;) {
    const page = await listCopies({ ...listParams(search), count: PAGE_SIZE, max_id: cursor }, { signal: options.signal, priority: 'background' });
    rows.push(...page);
    pages += 1;
    options.onProgress?.({ copies: rows.length, pages, phase: 'copies' });
    cursor = nextCursor(page);
    if (cursor === undefined) return rows;
  }
}

/** Titles of the given assets from the assets list, stopping as soon as all are known. */
export async function fetchAssetTitles(ids: ReadonlySet<string>, options: { signal: AbortSignal }): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (ids.size === 0) return titles;
  let cursor: Id | undefined;
  for (;;) {
    const page = await listAssets({ count: 100, max_id: cursor }, { signal: options.signal, priority: 'background' });
    for (const asset of page) if (ids.has(asset.asset_id)) titles.set(asset.asset_id, asset.title);
    if (titles.size === ids.size || page.length < 100) return titles;
    cursor = page[page.length - 1]!.asset_id;
  }
}

export async function buildCopiesCsv(
  search: CopiesSearch,
  legend: readonly StatusEntry[],
  options: { signal: AbortSignal; onProgress?: (p: ExportProgress) => void },
): Promise<{ csv: string; rows: number }> {
  const copies = await fetchAllCopies(search, options);
  options.onProgress?.({ copies: copies.length, pages: Math.ceil(copies.length / PAGE_SIZE), phase: 'assets' });
  const titles = await fetchAssetTitles(new Set(copies.map((c) => c.asset_id)), options);
  options.onProgress?.({ copies: copies.length, pages: Math.ceil(copies.length / PAGE_SIZE), phase: 'done' });
  return { csv: csvFromRecords(copyCsvColumns(titles, legend), copies), rows: copies.length };
}
