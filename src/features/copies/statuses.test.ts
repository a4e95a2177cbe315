import { describe, expect, it } from 'vitest';
import { copyStatusSchema } from '../../api/schemas/discovery';
import { buildLegend, customStatusRefusal, statusLabel } from './statuses';

const builtIns = [
  [10, 'False Positive - Cover'],
  [11, 'False Positive - Missing Audio'],
  [12, 'False Positive - Missing Video'],
  [13, 'False Positive - Not My Content'],
  [30, 'Externally Actioned'],
  [40, 'Infringing'],
  [50, 'Fair Use'],
  [60, 'For Further Review'],
  [70, 'Claim Attempted'],
  [71, 'Takedown Attempted'],
  [72, 'Takedown Retraction Attempted'],
].map(([status, title]) => copyStatusSchema.parse({ status, status_str: String(status), title, created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }));

const custom = (code: string, title: string) => copyStatusSchema.parse({ status: code, title, created_at: '2026-01-01T00:00:00.000Z' });

describe('buildLegend', () => {
  it('puts the reviewer’s built-ins first with hotkeys 1–9, customs after', () => {
    const legend = buildLegend([custom('101', 'Licensed via partner'), ...builtIns.slice().reverse()]);
    expect(legend.slice(0, 4).map((e) => [e.hotkey, e.code, e.short])).toEqual([
      [1, '40', 'Infringing'],
      [2, '50', 'Fair Use'],
      [3, '60', 'For Further Review'],
      [4, '13', 'FP - Not My Content'],
    ]);
    expect(legend.at(-1)).toMatchObject({ code: '101', title: 'Licensed via partner', builtIn: false, hotkey: null });
    expect(legend.filter((e) => e.hotkey !== null)).toHaveLength(9);
  });

  it('labels codes the organisation no longer lists', () => {
    expect(statusLabel('999', [])).toBe('Status 999');
    expect(statusLabel('13', [])).toBe('FP - Not My Content');
  });
});

describe('customStatusRefusal', () => {
  it('refuses a sixth custom status before any call', () => {
    const five = ['101', '102', '103', '104', '105'].map((code) => custom(code, `Custom ${code}`));
    expect(customStatusRefusal([...builtIns, ...five], 'Another')).toMatch(/already has 5 custom statuses/);
    expect(customStatusRefusal([...builtIns, ...five.slice(0, 4)], 'Another')).toBeNull();
  });
  it('refuses empty and duplicate titles', () => {
    expect(customStatusRefusal(builtIns, '   ')).toMatch(/title/);
    expect(customStatusRefusal(builtIns, 'fair use')).toMatch(/already exists/);
  });
});
