import { describe, expect, it } from 'vitest';
import { draftValuesFor, emptySharedDetails, fileProblem, mediaTypeForMime, readProblem, titleFromFileName, withSharedDetails } from './upload-files';

describe('files chosen for upload', () => {
  it('derives the media type from the MIME type', () => {
    expect(mediaTypeForMime('audio/mpeg')).toBe('audio');
    expect(mediaTypeForMime('Video/MP4')).toBe('video');
    expect(mediaTypeForMime('application/pdf')).toBeNull();
  });

  it('explains empty, unknown and unsupported files before any call', () => {
    expect(fileProblem({ name: 'a.wav', size: 0, type: 'audio/wav' })).toMatch(/empty/);
    expect(fileProblem({ name: 'notes', size: 10, type: '' })).toMatch(/cannot tell/);
    expect(fileProblem({ name: 'cover.png', size: 10, type: 'image/png' })).toMatch(/image\/png, not an audio or video file/);
    expect(fileProblem({ name: 'a.wav', size: 10, type: 'audio/wav' })).toBeNull();
  });

  it('notices a file the browser cannot read', async () => {
    const unreadable = Object.assign(new Blob(['x']), { name: 'gone.wav' });
    unreadable.slice = () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) as unknown as Blob;
    expect(await readProblem(unreadable)).toMatch(/cannot read "gone.wav"/);
    expect(await readProblem(new File(['abc'], 'ok.wav'))).toBeNull();
  });

  it('starts a title from the file name', () => {
    expect(titleFromFileName('02_Midnight_Harbour (master).wav')).toBe('02 Midnight Harbour (master)');
    expect(titleFromFileName('.wav')).toBe('.wav');
  });

  it('starts each file from the shared details and can re-apply them', () => {
    const shared = { ...emptySharedDetails('2026-03-01'), artist: 'Band', match_types: ['audio' as const] };
    const values = draftValuesFor({ name: 'take.mp4', type: 'video/mp4' }, shared);
    expect(values).toMatchObject({ title: 'take', media_type: 'video', production_date: '2026-03-01', artist: 'Band', match_types: ['audio'] });
    const edited = { ...values, title: 'Take 2', artist: 'Other' };
    expect(withSharedDetails(edited, { ...shared, album: 'LP' })).toMatchObject({ title: 'Take 2', artist: 'Band', album: 'LP' });
  });
});
