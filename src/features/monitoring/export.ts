import { listMonitoring } from '../../api/discovery';
import type { MonitoringResult } from '../../api/schemas/discovery';
import type { CsvColumn } from '../../lib/csv';
import { csvFromRecords } from '../../lib/csv';
import { collectMonitoringPage } from '../../api/pagination';
import { PAGE_LIMIT } from './results';
import type { MonitoringSearch } from './search';
import { listParams } from './search';
import { parseSegmentSet, segmentSetText } from './segments';

// CSV export of the filtered list: every page at background priority (the page stays responsive),
// deduplicated like the list, with progress and cancel.

export type MonitoringExportProgress = { rows: number; pages: number };

export const monitoringCsvColumns: CsvColumn<MonitoringResult>[] = [
  { header: 'result_id', value: (r) => r.result_id },
  { header: 'match_id', value: (r) => r.match?.match_id ?? '' },
  { header: 'status', value: (r) => r.status },
  { header: 'platform', value: (r) => r.platform },
  { header: 'account_name', value: (r) => r.account_name },
  { header: 'post_gid', value: (r) => r.post_gid },
  { header: 'post_url', value: (r) => r.post_url },
  { header: 'date_uploaded', value: (r) => r.date_uploaded },
  { header: 'asset_id', value: (r) => r.asset_id },
  { header: 'match_identified', value: (r) => r.match?.match_identified ?? '' },
  { header: 'match_majors', value: (r) => r.match?.match_majors ?? '' },
  { header: 'isrc', value: (r) => r.match?.isrc ?? '' },
  { header: 'title', value: (r) => r.match?.title ?? '' },
  { header: 'artist', value: (r) => r.match?.artist ?? '' },
  { header: 'distributor', value: (r) => r.match?.distributor ?? '' },
  { header: 'segments_in_post', value: (r) => segmentSetText(parseSegmentSet(r.match?.audio_segments_post)) },
  { header: 'segments_in_song', value: (r) => segmentSetText(parseSegmentSet(r.match?.audio_segments_song)) },
];

/** Every item of the filtered view, in list order, each result_id + match_id once. */
export async function fetchAllMonitoring(
  search: MonitoringSearch,
  options: { signal: AbortSignal; onProgress?: (p: MonitoringExportProgress) => void },
): Promise<MonitoringResult[]> {
  let items: MonitoringResult[] = [];
  let offset: number | undefined = 0;
  let pages = 0;
  while (offset !== undefined) {
    const page = await listMonitoring({ ...listParams(search), limit: PAGE_LIMIT, offset }, { signal: options.signal, priority: 'background' });
    const collected = collectMonitoringPage(items, page, { offset, limit: PAGE_LIMIT });
    items = collected.items;
    pages += 1;
    options.onProgress?.({ rows: items.length, pages });
    offset = collected.nextOffset;
  }
  return items;
}

export async function buildMonitoringCsv(
  search: MonitoringSearch,
  options: { signal: AbortSignal; onProgress?: (p: MonitoringExportProgress) => void },
): Promise<{ csv: string; rows: number }> {
  const items = await fetchAllMonitoring(search, options);
  return { csv: csvFromRecords(monitoringCsvColumns, items), rows: items.length };
}
