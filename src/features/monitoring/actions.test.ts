import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MonitoringResult } from '../../api/schemas/discovery';
import { configureApi, resetApiSettings } from '../../api/settings';
import { fakeFetch, TEST_ORIGIN, type FakeReply, type RecordedRequest } from '../../api/testing/fake-fetch';
import { bulkChangeStatus, changeStatus } from './actions';
import { makeItem } from './fixtures.test-util';
import type { MonitoringPages } from './queries';
import { monitoringKeys } from './queries';

let handler: (request: RecordedRequest) => FakeReply | Promise<FakeReply>;
let calls: RecordedRequest[];

beforeEach(() => {
  const fake = fakeFetch((request) => handler(request));
  calls = fake.calls;
  configureApi({ baseUrl: TEST_ORIGIN, fetch: fake.fetch, discoveryKeyOnServer: true, discoveryRetry: { serverErrorRetries: 0 } });
});

afterEach(() => resetApiSettings());

const page: MonitoringResult[] = [makeItem('10', '101'), makeItem('10', '102'), makeItem('20', '201'), makeItem('30', '301')];

function clientWithList(): QueryClient {
  const client = new QueryClient();
  client.setQueryData<MonitoringPages>(monitoringKeys.list({ status: undefined, music: undefined, date: undefined, from: undefined, to: undefined }), {
    pages: [page],
    pageParams: [0],
  });
  return client;
}

const statuses = (client: QueryClient) =>
  Object.fromEntries(
    client
      .getQueriesData<MonitoringPages>({ queryKey: monitoringKeys.lists() })[0]![1]!
      .pages.flat()
      .map((item) => [`${item.result_id}:${item.match?.match_id}`, item.status]),
  );

const target = (resultId: string) => ({ resultId: resultId as MonitoringResult['result_id'], label: `post ${resultId}`, previous: 'needs_review' as const });

describe('changeStatus', () => {
  it('paints every match of the result before the call answers, and PATCHes the status', async () => {
    const client = clientWithList();
    let release: (reply: FakeReply) => void = () => undefined;
    handler = () => new Promise((resolve) => (release = resolve));
    const done = changeStatus(client, target('10'), 'licensed');
    await Promise.resolve();
    expect(statuses(client)).toMatchObject({ '10:101': 'licensed', '10:102': 'licensed', '20:201': 'needs_review' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    release({ status: 200 });
    expect(await done).toBe(true);
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.path).toContain('/v3/drm/monitoring/result/10/status');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ status: 'licensed' });
  });

  it('puts the previous status back when the platform refuses', async () => {
    const client = clientWithList();
    handler = () => ({ status: 400, json: { status: 'error', message: 'no such result' } });
    expect(await changeStatus(client, target('10'), 'removed')).toBe(false);
    expect(statuses(client)).toMatchObject({ '10:101': 'needs_review', '10:102': 'needs_review' });
  });
});

describe('bulkChangeStatus', () => {
  it('reports progress and rolls back only the results that failed', async () => {
    const client = clientWithList();
    handler = (request) => (request.path.includes('/result/20/') ? { status: 400, json: { message: 'refused' } } : { status: 200 });
    const progress: number[] = [];
    const result = await bulkChangeStatus(client, {
      targets: [target('10'), target('20'), target('30')],
      status: 'muted',
      signal: new AbortController().signal,
      onProgress: (completed) => progress.push(completed),
    });
    expect(result.progress).toMatchObject({ total: 3, completed: 3, failed: 1 });
    expect(result.failed.map((f) => f.item.resultId)).toEqual(['20']);
    expect(progress.at(-1)).toBe(3);
    expect(statuses(client)).toEqual({ '10:101': 'muted', '10:102': 'muted', '20:201': 'needs_review', '30:301': 'muted' });
  });
});
