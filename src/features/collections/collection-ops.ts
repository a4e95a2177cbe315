import { DEFAULT_PAGE_SIZE, nextMaxId, type Asset, type Collection, type Id } from '../../api';

/** How many asset pages one scan step reads. */
export const ASSET_SCAN_PAGES = 5;

export interface CollectionScan {
  /** Assets of the collection among the pages read in this step. */
  found: Asset[];
  /** How many assets this step looked at. */
  scanned: number;
  /** Where the next step starts (max_id), or null when the whole list has been read. */
  next: Id | null;
}

/** Reads up to `pages` asset pages below `from` and keeps the assets in `collectionId`. */
export async function scanForCollection(
  listPage: (maxId: Id | undefined) => Promise<Asset[]>,
  collectionId: Id,
  from: Id | undefined,
  pages = ASSET_SCAN_PAGES,
  pageSize = DEFAULT_PAGE_SIZE,
): Promise<CollectionScan> {
  let maxId = from;
  let scanned = 0;
  const found: Asset[] = [];
  for (let page = 0; page < pages; page++) {
    const rows = await listPage(maxId);
    scanned += rows.length;
    found.push(...rows.filter((asset) => asset.collection_ids.includes(collectionId)));
    maxId = nextMaxId(rows, (asset) => asset.asset_id, pageSize);
    if (!maxId) return { found, scanned, next: null };
  }
  return { found, scanned, next: maxId ?? null };
}

interface DeleteEndpoints<R> {
  deleteCollection(id: Id): Promise<R>;
  deleteAutoCollection(id: Id): Promise<R>;
}

/**
 * Deletes through the endpoint that fits: an auto collection only through its own endpoint (the
 * plain one answers 405, and its assets are removed with it), a plain one through the plain
 * endpoint (its assets move to the default collection).
 */
export function removeCollection<R>(collection: Pick<Collection, 'collection_id' | 'is_autocollection'>, api: DeleteEndpoints<R>): Promise<R> {
  return collection.is_autocollection ? api.deleteAutoCollection(collection.collection_id) : api.deleteCollection(collection.collection_id);
}
