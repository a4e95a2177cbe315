import { describe, expect, it } from 'vitest';
import { assetSchema, toId, type Asset, type Id } from '../../api';
import { removeCollection, scanForCollection } from './collection-ops';

const IN = toId('9007199254740995');
const OTHER = toId('9007199254740997');

function asset(id: number, collections: Id[]): Asset {
  return assetSchema.parse({
    asset_id: String(9007199254740000 + id),
    title: `A${id}`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    collection_ids: collections,
    is_tracked: false,
    media_type: 'audio',
    processing_status: 'sampled',
  });
}

/** 25 assets, newest first, every third one in IN; pages of 10 below max_id. */
const catalogue = Array.from({ length: 25 }, (_, i) => asset(25 - i, [(25 - i) % 3 === 0 ? IN : OTHER]));

function pager(calls: Array<Id | undefined>) {
  return async (maxId: Id | undefined) => {
    calls.push(maxId);
    const below = maxId === undefined ? catalogue : catalogue.filter((row) => BigInt(row.asset_id) < BigInt(maxId));
    return below.slice(0, 10);
  };
}

describe('scanForCollection', () => {
  it('reads pages below the cursor and keeps the collection\'s assets', async () => {
    const calls: Array<Id | undefined> = [];
    const first = await scanForCollection(pager(calls), IN, undefined, 2, 10);
    expect(first.scanned).toBe(20);
    expect(first.found.map((row) => row.title)).toEqual(['A24', 'A21', 'A18', 'A15', 'A12', 'A9', 'A6']);
    expect(first.next).toBe(catalogue[19]!.asset_id);

    const second = await scanForCollection(pager(calls), IN, first.next ?? undefined, 2, 10);
    expect(second).toMatchObject({ scanned: 5, next: null });
    expect(second.found.map((row) => row.title)).toEqual(['A3']);
    expect(calls).toEqual([undefined, catalogue[9]!.asset_id, catalogue[19]!.asset_id]);
  });
});

describe('removeCollection', () => {
  it('deletes an auto collection only through its own endpoint, a plain one through the plain endpoint', async () => {
    const used: string[] = [];
    const api = {
      deleteCollection: async (id: Id) => void used.push(`plain ${id}`),
      deleteAutoCollection: async (id: Id) => void used.push(`auto ${id}`),
    };
    await removeCollection({ collection_id: IN, is_autocollection: true }, api);
    await removeCollection({ collection_id: OTHER, is_autocollection: false }, api);
    expect(used).toEqual([`auto ${IN}`, `plain ${OTHER}`]);
  });
});
