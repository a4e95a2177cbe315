import type { MediaType } from '../../api';
import { emptyAssetForm, type AssetFormValues } from './asset-form';

// Checks made on a chosen file before anything is sent, and the form a new file starts with.

/** audio/* is an audio asset, video/* a video one; anything else is not accepted. */
export function mediaTypeForMime(mime: string): MediaType | null {
  const type = mime.trim().toLowerCase();
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/** "02_Midnight-Harbour (master).wav" → "02 Midnight-Harbour (master)". */
export function titleFromFileName(name: string): string {
  const withoutExtension = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const title = withoutExtension.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  return title || name.trim();
}

/** Why a file cannot be uploaded, judged from what the browser says about it; null when it can. */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size === 0) return `"${file.name}" is empty (0 bytes). Choose the file that holds the recording.`;
  if (!file.type) return `The browser cannot tell what kind of file "${file.name}" is. Only audio and video files can be uploaded.`;
  if (mediaTypeForMime(file.type) === null) {
    return `"${file.name}" is ${file.type}, not an audio or video file. Only audio/* and video/* files can be uploaded.`;
  }
  return null;
}

/**
 * Whether the browser can actually read the file: a file that was moved, deleted or locked since it
 * was chosen, or a folder dropped as if it were a file, fails here instead of half-way through an upload.
 */
export async function readProblem(file: Blob & { name: string }): Promise<string | null> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return null;
  } catch {
    return `The browser cannot read "${file.name}" (it may have been moved or deleted, or be a folder). Choose it again.`;
  }
}

/** Details typed once for the whole batch; each new file starts with them. */
export interface SharedDetails {
  production_date: string;
  match_types: AssetFormValues['match_types'];
  collection_ids: AssetFormValues['collection_ids'];
  artist: string;
  album: string;
}

export function emptySharedDetails(today: string): SharedDetails {
  return { production_date: today, match_types: [], collection_ids: [], artist: '', album: '' };
}

export function draftValuesFor(file: Pick<File, 'name' | 'type'>, shared: SharedDetails): AssetFormValues {
  return {
    ...emptyAssetForm(),
    title: titleFromFileName(file.name),
    media_type: mediaTypeForMime(file.type) ?? 'audio',
    production_date: shared.production_date,
    match_types: [...shared.match_types],
    collection_ids: [...shared.collection_ids],
    artist: shared.artist,
    album: shared.album,
  };
}

/** Applies the shared details to a file's form, leaving its own fields (title, ids) alone. */
export function withSharedDetails(values: AssetFormValues, shared: SharedDetails): AssetFormValues {
  return {
    ...values,
    production_date: shared.production_date,
    match_types: [...shared.match_types],
    collection_ids: [...shared.collection_ids],
    artist: shared.artist,
    album: shared.album,
  };
}
