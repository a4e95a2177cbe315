import { describe, expect, it, vi } from 'vitest';
import type { Id } from '../../api/ids';
import { copyStatusSchema } from '../../api/schemas/discovery';
import { buildLegend } from './statuses';

const calls = vi.hoisted(() => ({ copies: [] as Array<Record<string, unknown>>, assets: 0 }));

vi.mock('../../api/discovery', async () => {
  const { makeCopy: make } = await import('./fixtures.test-util');
  // 230 copies: two full pages and a short one.
  const all = Array.from({ length: 230 }, (_, i) => make(String(1000 - i), i === 0 ? { copy_title: '=HYPERLINK("http://evil")', user_actions: { statuses: [40] } } : {}));
  return {
    listCopies: async (params: Record<string, unknown>, options: { priority?: string }) => {
      calls.copies.push({ ...params, priority: options.priority });
      const start = params.max_id ? all.findIndex((c) => c.match_id === params.max_id) + 1 : 0;
      return all.slice(start, start + Number(params.count));
    },
    listAssets: async () => {
      calls.assets += 1;
      return [{ asset_id: '9007199254740993', title: 'Slow Signals' }];
    },
  };
});

const { buildCopiesCsv } = await import('./export');

describe('buildCopiesCsv', () => {
  it('walks every page of the filtered view at background priority and writes guarded CSV', async () => {
    const legend = buildLegend([copyStatusSchema.parse({ status: 40, title: 'Infringing', created_at: '' })]);
    const progress: number[] = [];
    const { csv, rows } = await buildCopiesCsv({ platform: 'youtube', status: '40' as Id }, legend, {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p.copies),
    });
    expect(rows).toBe(230);
    expect(calls.copies.map((c) => [c.max_id, c.platform, c.status, c.priority])).toEqual([
      [undefined, 'youtube', '40', 'background'],
      ['901', 'youtube', '40', 'background'],
      ['801', 'youtube', '40', 'background'],
    ]);
    expect(progress.slice(0, 3)).toEqual([100, 200, 230]);
    expect(calls.assets).toBe(1);
    const lines = csv.split('\r\n');
    expect(lines[0]!.startsWith('match_id,copy_title,platform,')).toBe(true);
    expect(lines[1]).toContain(`1000,"'=HYPERLINK(""http://evil"")",youtube`);
    expect(lines[1]).toContain('Slow Signals');
    expect(lines[1]).toContain(',40,Infringing,');
    expect(lines).toHaveLength(232);
  });
});
