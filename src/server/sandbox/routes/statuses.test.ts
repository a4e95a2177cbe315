import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { OTHER_API_KEY } from '../app';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../seed';
import { BUILTIN_STATUSES } from './statuses';
import { insertAsset, insertCopy } from './drm-fixtures';

let t: TestSandbox;

beforeEach(async () => {
  t = await startTestSandbox();
});

afterEach(async () => {
  await t.close();
});

type StatusJson = { status: bigint; status_str: string; title: string; created_at: string; updated_at: string };

async function list(key?: string): Promise<StatusJson[]> {
  const res = await t.call('GET', '/v3/drm/copies/statuses', key ? { key } : {});
  expect(res.status).toBe(200);
  return res.json;
}

function customCount(orgId: bigint): number {
  return Number((t.sandbox.db.prepare('SELECT COUNT(*) AS n FROM custom_statuses WHERE org_id = ?').get(orgId) as { n: bigint }).n);
}

describe('GET /v3/drm/copies/statuses', () => {
  it('lists the eleven built-in codes with the spec titles, then the organisation’s own', async () => {
    const statuses = await list();
    const builtins = statuses.filter((s) => s.status < 100n);
    expect(builtins.map((s) => [Number(s.status), s.title])).toEqual([
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
    ]);
    expect(BUILTIN_STATUSES).toHaveLength(11);
    for (const s of statuses) {
      expect(s.status_str).toBe(s.status.toString());
      expect(Object.keys(s)).toEqual(['status', 'status_str', 'title', 'created_at', 'updated_at']);
    }
    const custom = statuses.filter((s) => s.status >= 100n);
    expect(custom.map((s) => s.title)).toEqual(['Licensed — sync deal', 'Escalated to legal']);

    // The other organisation sees its own custom status, not the demo's.
    const theirs = (await list(OTHER_API_KEY)).filter((s) => s.status >= 100n);
    expect(theirs.map((s) => s.title)).not.toContain('Escalated to legal');
    expect(theirs.every((s) => !custom.some((c) => c.status === s.status))).toBe(true);
  });
});

describe('POST /v3/drm/copies/status', () => {
  it('creates custom statuses with new unique codes, at most five per organisation', async () => {
    const existing = customCount(DEMO_ORG_ID);
    const codes = new Set((await list()).map((s) => s.status));
    for (let i = existing; i < 5; i++) {
      const res = await t.call('POST', '/v3/drm/copies/status', { body: { title: `  Custom ${i}  ` } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(['status', 'status_str', 'title', 'created_at']);
      expect(res.json.title).toBe(`Custom ${i}`);
      expect(res.json.status >= 100n).toBe(true);
      expect(res.json.status_str).toBe(res.json.status.toString());
      expect(codes.has(res.json.status)).toBe(false);
      codes.add(res.json.status);
    }
    expect((await list()).filter((s) => s.status >= 100n)).toHaveLength(5);
    const sixth = await t.call('POST', '/v3/drm/copies/status', { body: { title: 'One too many' } });
    expect(sixth.status).toBe(400);
    expect(sixth.json.message).toMatch(/at most 5 custom statuses/);
    expect(customCount(DEMO_ORG_ID)).toBe(5);
  });

  it('rejects a missing, empty or non-string title', async () => {
    for (const body of [{}, { title: '' }, { title: '   ' }, { title: 7 }, { title: 'x'.repeat(101) }]) {
      const res = await t.call('POST', '/v3/drm/copies/status', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/v3/drm/copies/status', { rawBody: 'nope', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });

  it('never hands out a deleted code again', async () => {
    const created = (await t.call('POST', '/v3/drm/copies/status', { body: { title: 'Temporary' } })).json;
    expect((await t.call('DELETE', `/v3/drm/copies/status/${created.status}`)).status).toBe(200);
    const next = (await t.call('POST', '/v3/drm/copies/status', { body: { title: 'Next' } })).json;
    expect(next.status > created.status).toBe(true);
  });
});

describe('DELETE /v3/drm/copies/status/{status_id}', () => {
  it('deletes a custom status and takes it off the organisation’s copies', async () => {
    const created = (await t.call('POST', '/v3/drm/copies/status', { body: { title: 'Pending review by A&R' } })).json;
    const asset = insertAsset(t.sandbox.state, DEMO_ORG_ID);
    const copy = insertCopy(t.sandbox.state, DEMO_ORG_ID, asset, { statuses: [40], updatedAt: '2026-01-01T00:00:00.000Z' });
    expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: created.status } })).status).toBe(200);
    expect((await t.call('GET', `/v3/drm/copies/${copy}/status`)).json.user_actions.statuses).toEqual([40n, created.status]);

    const res = await t.call('DELETE', `/v3/drm/copies/status/${created.status}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: created.status, title: 'Pending review by A&R' });
    expect((await t.call('GET', `/v3/drm/copies/${copy}/status`)).json.user_actions.statuses).toEqual([40n]);
    expect((await list()).some((s) => s.status === created.status)).toBe(false);
    expect((await t.call('POST', `/v3/drm/copies/${copy}/status`, { body: { status: created.status } })).status).toBe(400);
    expect((await t.call('DELETE', `/v3/drm/copies/status/${created.status}`)).status).toBe(404);
  });

  it('refuses built-ins (400) and answers 404 for unknown codes and other organisations’ codes', async () => {
    const builtin = await t.call('DELETE', '/v3/drm/copies/status/60');
    expect(builtin.status).toBe(400);
    expect(builtin.json.message).toMatch(/built in/);
    expect((await list()).some((s) => s.status === 60n)).toBe(true);

    expect((await t.call('DELETE', '/v3/drm/copies/status/999999')).status).toBe(404);
    expect((await t.call('DELETE', '/v3/drm/copies/status/abc')).status).toBe(404);

    const theirs = (await t.call('POST', '/v3/drm/copies/status', { key: OTHER_API_KEY, body: { title: 'Theirs' } })).json;
    expect((await t.call('DELETE', `/v3/drm/copies/status/${theirs.status}`)).status).toBe(404);
    expect((await list(OTHER_API_KEY)).some((s) => s.status === theirs.status)).toBe(true);
    expect(customCount(OTHER_ORG_ID)).toBeGreaterThan(0);
  });
});
