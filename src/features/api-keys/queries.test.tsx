// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearBrowserApiKey, getBrowserApiKey, setBrowserApiKey } from '../../api/auth';
import { configureApi, resetApiSettings } from '../../api/settings';
import { fakeFetch, TEST_ORIGIN, type FakeReply, type RecordedRequest } from '../../api/testing/fake-fetch';
import { apiKeysQueryOptions, revokeRefusal, useCreateApiKey, usePendingApiKeyNames, useRevokeApiKey } from './queries';

const KEYS = [
  { token: 'rdk_second_key_token_000002', key_name: 'Ingest', created_at: '2026-05-02T10:00:00.000Z' },
  { token: 'rdk_first_key_token_0000001', key_name: 'Dashboard', created_at: '2026-05-01T10:00:00.000Z' },
];

/** A reply the test releases when it wants, to look at the state while a call is in flight. */
function deferred() {
  let release: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((resolve) => (release = resolve));
  return { promise, release };
}

let handler: (request: RecordedRequest) => FakeReply | Promise<FakeReply>;
let calls: RecordedRequest[];

beforeEach(() => {
  const fake = fakeFetch((request) => handler(request));
  calls = fake.calls;
  configureApi({ baseUrl: TEST_ORIGIN, fetch: fake.fetch, discoveryKeyOnServer: false, discoveryRetry: { serverErrorRetries: 0 } });
  setBrowserApiKey(KEYS[1]!.token);
});

afterEach(() => {
  resetApiSettings();
  clearBrowserApiKey();
});

function renderKeysHooks() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    () => ({
      list: useQuery(apiKeysQueryOptions()),
      revoke: useRevokeApiKey(),
      create: useCreateApiKey(),
      pending: usePendingApiKeyNames(),
    }),
    { wrapper },
  );
}

const gets = () => calls.filter((call) => call.method === 'GET').length;

describe('useRevokeApiKey', () => {
  it('removes the row at once and puts it back when the platform refuses', async () => {
    const refusal = deferred();
    const refetch = deferred();
    handler = (request) => {
      if (request.method === 'DELETE') return refusal.promise;
      // The first list answers; the refetch after the failure stays open, so what the list shows
      // afterwards is the rollback, not fresh data.
      return gets() === 1 ? { json: KEYS } : refetch.promise;
    };
    const { result } = renderKeysHooks();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));

    act(() => result.current.revoke.mutate(KEYS[0]!));
    await waitFor(() => expect(result.current.list.data?.map((key) => key.key_name)).toEqual(['Dashboard']));

    refusal.release({ status: 403, json: { status: 'error', message: 'Not allowed to revoke keys' } });
    await waitFor(() => expect(result.current.revoke.isError).toBe(true));
    expect(result.current.list.data?.map((key) => key.key_name)).toEqual(['Ingest', 'Dashboard']);
    const sent = calls.find((call) => call.method === 'DELETE');
    expect(sent?.body).toBe(JSON.stringify({ token: KEYS[0]!.token }));
  });

  it('signs the tab out after revoking its own key, without asking for the list again', async () => {
    handler = (request) => (request.method === 'DELETE' ? { status: 200 } : { json: KEYS });
    const { result } = renderKeysHooks();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    const listCalls = gets();

    act(() => result.current.revoke.mutate(KEYS[1]!));
    await waitFor(() => expect(result.current.revoke.isSuccess).toBe(true));
    expect(getBrowserApiKey()).toBeNull();
    expect(gets()).toBe(listCalls);
  });
});

describe('useCreateApiKey', () => {
  it('shows a pending row while creating and adds the created key to the list', async () => {
    const created = { token: 'rdk_new_key_token_000000003', key_name: 'Reports', created_at: '2026-05-03T10:00:00.000Z' };
    const answer = deferred();
    handler = (request) => (request.method === 'POST' ? answer.promise : gets() === 1 ? { json: KEYS } : new Promise<FakeReply>(() => undefined));
    const { result } = renderKeysHooks();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));

    act(() => result.current.create.mutate('Reports'));
    await waitFor(() => expect(result.current.pending).toEqual(['Reports']));
    expect(result.current.list.data).toHaveLength(2);

    answer.release({ json: created });
    await waitFor(() => expect(result.current.pending).toEqual([]));
    expect(result.current.list.data?.map((key) => key.key_name)).toEqual(['Reports', 'Ingest', 'Dashboard']);
    expect(calls.find((call) => call.method === 'POST')?.body).toBe(JSON.stringify({ name: 'Reports' }));
  });

  it('drops the pending row when creation fails', async () => {
    handler = (request) =>
      request.method === 'POST' ? { status: 400, json: { status: 'error', message: 'name is too long' } } : { json: KEYS };
    const { result } = renderKeysHooks();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    act(() => result.current.create.mutate('x'.repeat(300)));
    await waitFor(() => expect(result.current.create.isError).toBe(true));
    expect(result.current.pending).toEqual([]);
    expect(result.current.list.data).toHaveLength(2);
  });
});

describe('revokeRefusal', () => {
  it('refuses the last key with the reason and allows others', () => {
    expect(revokeRefusal([KEYS[0]!])).toMatch(/only API key/);
    expect(revokeRefusal(KEYS)).toBeNull();
  });
});
