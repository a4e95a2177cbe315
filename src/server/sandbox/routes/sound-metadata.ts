import type { Db } from '../db';
import type { Ctx, Route } from '../http';
import { HttpError, readJson } from '../http';

export const MAX_SOUND_BATCH = 100;

type SoundRow = { platform: string; sound_id: string; url: string; title: string; artist: string; is_original: bigint; video_count: bigint };

function soundJson(row: SoundRow) {
  return {
    sound_id: row.sound_id,
    url: row.url,
    title: row.title,
    artist: row.artist,
    platform: row.platform,
    is_original: row.is_original === 1n,
    video_count: row.video_count,
  };
}

// Sounds are public platform data, not an organisation's: every caller sees the same rows.
// Platforms are stored in lower case, so the lookup lowers the caller's spelling and keeps the key index.
function findSound(db: Db, platform: string, soundId: string): SoundRow | undefined {
  return db.prepare('SELECT * FROM sounds WHERE platform = ? AND sound_id = ?').get(platform.trim().toLowerCase(), soundId) as SoundRow | undefined;
}

function getSound(ctx: Ctx) {
  const soundId = ctx.params.sound_id ?? '';
  const platform = ctx.query.get('platform');
  if (platform === null || platform.trim() === '') throw new HttpError(400, 'Query parameter platform is required (for example platform=tiktok).');
  const row = findSound(ctx.state.db, platform, soundId);
  if (!row) throw new HttpError(404, `Sound ${soundId} not found on ${platform}.`);
  return { body: soundJson(row) };
}

async function getSounds(ctx: Ctx) {
  const body = await readJson(ctx.req);
  if (!Array.isArray(body)) throw new HttpError(400, 'Request body must be a JSON array of {sound_id, platform} objects.');
  if (body.length > MAX_SOUND_BATCH) throw new HttpError(400, `At most ${MAX_SOUND_BATCH} sounds per request; got ${body.length}.`);
  const wanted = body.map((entry: unknown, index) => {
    const item = entry as Record<string, unknown> | null;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new HttpError(400, `Entry ${index} must be an object with sound_id and platform.`);
    const { sound_id: soundId, platform } = item;
    if (typeof soundId !== 'string' || soundId.trim() === '') throw new HttpError(400, `Entry ${index}: sound_id is required and must be a non-empty string.`);
    if (typeof platform !== 'string' || platform.trim() === '') throw new HttpError(400, `Entry ${index}: platform is required and must be a non-empty string.`);
    return { soundId, platform };
  });
  // Found sounds in request order; unknown ones are left out, repeats answered once.
  const seen = new Set<string>();
  const found: ReturnType<typeof soundJson>[] = [];
  for (const { soundId, platform } of wanted) {
    const row = findSound(ctx.state.db, platform, soundId);
    if (!row) continue;
    const key = `${row.platform}\u0000${row.sound_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(soundJson(row));
  }
  return { body: found };
}

export const soundMetadataRoutes: Route[] = [
  { method: 'GET', path: '/drm/sound-metadata/:sound_id', auth: 'discovery', handler: getSound },
  { method: 'POST', path: '/v3/drm/sound-metadata', auth: 'discovery', handler: getSounds },
];
