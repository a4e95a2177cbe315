import { describe, expect, it } from 'vitest';
import { assetSchema, toId, type Asset } from '../../api';
import { buildPatch, buildReplace, buildUploadMetadata, emptyAssetForm, formValuesOf } from './asset-form';

const asset: Asset = assetSchema.parse({
  asset_id: '9007199254740993',
  title: 'Midnight Harbour',
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  production_date: '2025-11-20T00:00:00.000Z',
  collection_ids: ['9007199254740995'],
  reference_ids: ['REF-1'],
  is_tracked: true,
  tracked_from: '2026-01-02T10:00:00.000Z',
  media_type: 'audio',
  match_types: ['audio'],
  duration: 240,
  processing_status: { status: 'sampled', error: '' },
  youtube_content_id: { cid_asset_id: 'A123' },
  music: { isrcs: ['GBNWR2600001'], iswcs: [], artist: 'Harbour Lights', album: 'Tides' },
  excluded_segments: [{ lower: 10, upper: 20 }],
});

describe('upload metadata', () => {
  it('builds the body with optional parts only when filled in', () => {
    const built = buildUploadMetadata({ ...emptyAssetForm(), title: '  Song  ', production_date: '2026-02-01' });
    expect(built).toEqual({ ok: true, value: { title: 'Song', media_type: 'audio', production_date: '2026-02-01' } });
  });

  it('normalises identifiers and carries every optional field', () => {
    const built = buildUploadMetadata({
      ...emptyAssetForm(),
      title: 'Song',
      media_type: 'video',
      production_date: '2026-02-01',
      match_types: ['audio', 'video'],
      collection_ids: [toId('9007199254740995')],
      reference_ids: [' R1 ', '', 'R1', 'R2'],
      isrcs: ['gb-nwr-26-00001'],
      iswcs: ['T1234567890'],
      artist: ' Artist ',
      youtube_asset_id: 'CID1',
    });
    expect(built.ok && built.value).toEqual({
      title: 'Song',
      media_type: 'video',
      production_date: '2026-02-01',
      match_types: ['audio', 'video'],
      collection_ids: ['9007199254740995'],
      reference_ids: ['R1', 'R2'],
      music: { isrcs: ['GBNWR2600001'], iswcs: ['T-123.456.789-0'], artist: 'Artist', album: '' },
      youtube_content_id: { asset_id: 'CID1' },
    });
  });

  it('names each field that is wrong, before any call', () => {
    const built = buildUploadMetadata({ ...emptyAssetForm(), title: ' ', production_date: '2026-02-30', isrcs: ['nope'], iswcs: ['T12'] });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(Object.keys(built.errors).sort()).toEqual(['music.isrcs', 'music.iswcs', 'production_date', 'title']);
    expect(built.errors['music.isrcs']).toMatch(/Not an ISRC: nope/);
    expect(buildUploadMetadata({ ...emptyAssetForm(), title: 'x' }).ok).toBe(false);
  });
});

describe('edit: PATCH of changed fields only', () => {
  it('sends nothing when nothing changed', () => {
    expect(buildPatch(asset, formValuesOf(asset))).toEqual({ ok: true, value: {} });
  });

  it('sends just the changed fields, music as a whole object', () => {
    const values = { ...formValuesOf(asset), title: 'Midnight Harbour (Remaster)', album: 'Tides II' };
    expect(buildPatch(asset, values)).toEqual({
      ok: true,
      value: { title: 'Midnight Harbour (Remaster)', music: { isrcs: ['GBNWR2600001'], iswcs: [], artist: 'Harbour Lights', album: 'Tides II' } },
    });
  });

  it('treats a reordered set of match types or collections as unchanged', () => {
    const twoTypes = { ...asset, match_types: ['audio', 'video'] as Asset['match_types'] };
    expect(buildPatch(twoTypes, { ...formValuesOf(twoTypes), match_types: ['video', 'audio'] })).toEqual({ ok: true, value: {} });
  });

  it('refuses an empty title and an attempt to clear the production date with PATCH', () => {
    const built = buildPatch(asset, { ...formValuesOf(asset), title: '', production_date: '' });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(Object.keys(built.errors).sort()).toEqual(['production_date', 'title']);
  });
});

describe('replace: PUT of every field', () => {
  it('sends every field, keeps excluded segments, and clears what was emptied', () => {
    const built = buildReplace(asset, { ...formValuesOf(asset), reference_ids: [], youtube_asset_id: '' });
    expect(built.ok && built.value).toEqual({
      title: 'Midnight Harbour',
      media_type: 'audio',
      production_date: '2025-11-20',
      match_types: ['audio'],
      collection_ids: ['9007199254740995'],
      reference_ids: [],
      music: { isrcs: ['GBNWR2600001'], iswcs: [], artist: 'Harbour Lights', album: 'Tides' },
      excluded_segments: [{ lower: 10, upper: 20 }],
    });
  });

  it('requires the title', () => {
    const built = buildReplace(asset, { ...formValuesOf(asset), title: '  ' });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.title).toBeTruthy();
  });
});
