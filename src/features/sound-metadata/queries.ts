import { useMutation } from '@tanstack/react-query';
import { getSoundMetadata, getSoundMetadataBatch, isApiError, type SoundRef } from '../../api';
import { matchResults, normalisePlatform, type SoundResults } from './parse';

/** Platforms whose sounds Discovery knows; offered as suggestions, any other name may be typed. */
export const KNOWN_SOUND_PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;

export type SoundLookup = { requested: SoundRef[]; results: SoundResults };

/** One sound. A 404 is an answer (not found), not a failure. */
export async function lookUpOneSound(ref: SoundRef): Promise<SoundLookup> {
  const requested = [{ sound_id: ref.sound_id.trim(), platform: normalisePlatform(ref.platform) }];
  try {
    const sound = await getSoundMetadata(requested[0]!.sound_id, requested[0]!.platform);
    return { requested, results: { found: [sound], notFound: [] } };
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404) return { requested, results: { found: [], notFound: requested } };
    throw error;
  }
}

/** Up to 100 sounds in one call; the caller has refused larger batches already. */
export async function lookUpSoundBatch(requested: SoundRef[]): Promise<SoundLookup> {
  const answer = await getSoundMetadataBatch(requested);
  return { requested, results: matchResults(requested, answer) };
}

export function useSoundLookup() {
  return useMutation({
    mutationFn: (request: { kind: 'one'; ref: SoundRef } | { kind: 'batch'; refs: SoundRef[] }) =>
      request.kind === 'one' ? lookUpOneSound(request.ref) : lookUpSoundBatch(request.refs),
    meta: { iface: 'discovery' },
  });
}
