import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyseAudio, emptyWav, encodeWav, isDecodablePcm, mixedWav, musicSamples, musicWav, readWavLayout, silenceWav, truncatedWav, videoOnlyWebm, windowLevels } from './audio';

/** A WAV of float samples in [-1, 1] in any integer or float PCM layout, for decoder tests. */
function pcmWav(samples: number[], opts: { bits: 8 | 16 | 24 | 32 | 64; float?: boolean; channels?: number; sampleRate?: number; extensible?: boolean }): Buffer {
  const channels = opts.channels ?? 1;
  const sampleRate = opts.sampleRate ?? 8000;
  const bytes = opts.bits / 8;
  const fmtSize = opts.extensible ? 40 : 16;
  const data = Buffer.alloc(samples.length * bytes);
  samples.forEach((s, i) => {
    const at = i * bytes;
    if (opts.float) {
      if (opts.bits === 32) data.writeFloatLE(s, at);
      else data.writeDoubleLE(s, at);
    } else if (opts.bits === 8) data.writeUInt8(Math.round(s * 127) + 128, at);
    else if (opts.bits === 16) data.writeInt16LE(Math.round(s * 32767), at);
    else if (opts.bits === 24) data.writeIntLE(Math.round(s * 8388607), at, 3);
    else data.writeInt32LE(Math.round(s * 2147483647), at);
  });
  const fmt = Buffer.alloc(fmtSize);
  const tag = opts.float ? 3 : 1;
  fmt.writeUInt16LE(opts.extensible ? 0xfffe : tag, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * channels * bytes, 8);
  fmt.writeUInt16LE(channels * bytes, 12);
  fmt.writeUInt16LE(opts.bits, 14);
  if (opts.extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(opts.bits, 18);
    fmt.writeUInt16LE(tag, 24); // first two bytes of the sub-format GUID
    Buffer.from('000000001000800000aa00389b71', 'hex').copy(fmt, 26);
  }
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
  };
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt), chunk('data', data)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** `seconds` of a 440 Hz tone at `amplitude`, interleaved over `channels`. */
function tone(seconds: number, amplitude: number, channels = 1, sampleRate = 8000): number[] {
  const out: number[] = [];
  for (let i = 0; i < seconds * sampleRate; i++) {
    const v = amplitude * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
    for (let c = 0; c < channels; c++) out.push(v);
  }
  return out;
}

describe('WAV generators', () => {
  it('music is 16-bit mono 22.05 kHz PCM of the requested length, loud but never clipped flat', () => {
    const wav = musicWav(3);
    const layout = readWavLayout(wav)!;
    expect(layout).toMatchObject({ formatTag: 1, channels: 1, sampleRate: 22_050, bitsPerSample: 16, blockAlign: 2, dataOffset: 44 });
    expect(layout.presentBytes).toBe(3 * 22_050 * 2);
    expect(layout.declaredBytes).toBe(layout.presentBytes);
    const samples = musicSamples(3);
    const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(10_000);
    expect(peak).toBeLessThan(32_767);
  });

  it('music keeps energy in every 100 ms window, silence has none', () => {
    const music = musicWav(4);
    expect(Math.max(...windowLevels(music, readWavLayout(music)!))).toBeLessThan(0);
    expect(Math.min(...windowLevels(music, readWavLayout(music)!))).toBeGreaterThan(-30);
    const silence = silenceWav(1);
    expect(windowLevels(silence, readWavLayout(silence)!)).toEqual(Array(10).fill(-Infinity));
  });

  it('is deterministic, and variants differ', () => {
    expect(musicWav(2).equals(musicWav(2))).toBe(true);
    expect(musicWav(2, { variant: 1 }).equals(musicWav(2))).toBe(false);
  });

  it('truncatedWav declares more data than it holds', () => {
    const layout = readWavLayout(truncatedWav(60, 2))!;
    expect(layout.declaredBytes).toBe(60 * 22_050 * 2);
    expect(layout.presentBytes).toBe(2 * 22_050 * 2);
  });
});

describe('readWavLayout and the PCM decoder', () => {
  type Layout = Parameters<typeof pcmWav>[1];
  it.each<[string, Layout]>([
    ['8-bit', { bits: 8 as const }],
    ['16-bit', { bits: 16 as const }],
    ['24-bit', { bits: 24 as const }],
    ['32-bit', { bits: 32 as const }],
    ['32-bit float', { bits: 32 as const, float: true }],
    ['64-bit float', { bits: 64 as const, float: true }],
    ['24-bit extensible', { bits: 24 as const, extensible: true }],
    ['stereo 16-bit', { bits: 16 as const, channels: 2 }],
  ])('measures a half-scale tone at about −9 dBFS in %s', (_name, opts) => {
    const wav = pcmWav(tone(0.5, 0.5, opts.channels ?? 1), opts);
    const layout = readWavLayout(wav)!;
    expect(isDecodablePcm(layout)).toBe(true);
    const levels = windowLevels(wav, layout);
    expect(levels).toHaveLength(5);
    // RMS of a sine of amplitude 0.5 is 0.354: 20·log10(0.354) = −9.03 dBFS.
    for (const level of levels) expect(level).toBeCloseTo(-9.03, 0);
  });

  it('refuses what is not RIFF/WAVE or lacks a fmt chunk before data', () => {
    expect(readWavLayout(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBeNull();
    const noFmt = Buffer.concat([Buffer.from('RIFF\x10\0\0\0WAVEdata\x04\0\0\0', 'latin1'), Buffer.alloc(4)]);
    expect(readWavLayout(noFmt)).toBeNull();
  });
});

describe('analyseAudio', () => {
  it('ok for music between 10 s and 15 min', async () => {
    const result = await analyseAudio(musicWav(12));
    expect(result).toMatchObject({ status: 'ok', container: 'WAVE', codec: 'PCM', durationSeconds: 12, silentShare: 0 });
  });

  it('invalid_file for bytes that are not media, and for an empty file', async () => {
    expect((await analyseAudio(Buffer.from('This is a text file, not audio.\n'))).status).toBe('invalid_file');
    expect((await analyseAudio(new Uint8Array(0))).status).toBe('invalid_file');
    expect((await analyseAudio(Buffer.from('RIFF\x04\0\0\0WAVE', 'latin1'))).status).toBe('invalid_file');
  });

  it('no_audio for a video container without an audio track and for a WAV without channels or samples', async () => {
    const webm = await analyseAudio(videoOnlyWebm(20));
    expect(webm.status).toBe('no_audio');
    expect(webm.container).toMatch(/webm/i);
    expect((await analyseAudio(emptyWav())).status).toBe('no_audio');
    expect((await analyseAudio(encodeWav(new Int16Array(0)))).status).toBe('no_audio');
  });

  it('too_short under 10 s (10 s itself is accepted)', async () => {
    const short = await analyseAudio(musicWav(9.99));
    expect(short.status).toBe('too_short');
    expect(short.message).toMatch(/10 s/);
    expect((await analyseAudio(musicWav(10))).status).toBe('ok');
  });

  it('too_long over 15 minutes (15 minutes itself is not too long)', async () => {
    expect((await analyseAudio(silenceWav(900.1, 1000))).status).toBe('too_long');
    // Exactly 900 s passes the duration check and is then judged on its content: silence.
    expect((await analyseAudio(silenceWav(900, 1000))).status).toBe('not_enough_music');
  });

  it('not_enough_music when more than 60 % of 100 ms windows are below −50 dBFS', async () => {
    expect((await analyseAudio(silenceWav(40))).status).toBe('not_enough_music');
    const mostlySilent = await analyseAudio(mixedWav([['music', 15.9], ['silence', 24.1]]));
    expect(mostlySilent.status).toBe('not_enough_music');
    expect(mostlySilent.silentShare).toBeCloseTo(0.6025, 3);
    // Exactly 60 % silent is still enough music.
    const boundary = await analyseAudio(mixedWav([['music', 16], ['silence', 24]]));
    expect(boundary).toMatchObject({ status: 'ok', silentShare: 0.6 });
  });

  it('treats a quiet but audible tone as sound: −50 dBFS is the line', async () => {
    // Amplitude 0.0045 → RMS 0.00318 ≈ −49.9 dBFS: audible. Amplitude 0.0044 → −50.1 dBFS: silence.
    expect((await analyseAudio(pcmWav(tone(12, 0.0045), { bits: 32, float: true }))).status).toBe('ok');
    expect((await analyseAudio(pcmWav(tone(12, 0.0044), { bits: 32, float: true }))).status).toBe('not_enough_music');
  });

  it('error when the data chunk declares more samples than the file holds', async () => {
    const damaged = await analyseAudio(truncatedWav(60, 20));
    expect(damaged.status).toBe('error');
    expect(damaged.message).toMatch(/declares 60 s .* only 20 s/);
    // A missing partial frame is not damage; one missing frame is.
    const wav = musicWav(12);
    const partial = Buffer.from(wav);
    partial.writeUInt32LE(partial.readUInt32LE(40) + 1, 40);
    expect((await analyseAudio(partial)).status).toBe('ok');
    const oneFrame = Buffer.from(wav);
    oneFrame.writeUInt32LE(oneFrame.readUInt32LE(40) + 2, 40);
    expect((await analyseAudio(oneFrame)).status).toBe('error');
  });

  it('reads a streamed WAV (data size 0xffffffff) to the end of the file', async () => {
    const streamed = Buffer.from(musicWav(12));
    streamed.writeUInt32LE(0xffffffff, 40);
    const layout = readWavLayout(streamed)!;
    expect(layout.presentBytes).toBe(12 * 22_050 * 2);
    const result = await analyseAudio(streamed);
    expect(result.status).not.toBe('error');
    expect(result.status).not.toBe('invalid_file');
  });

  it('never throws, whatever the bytes (plain or behind a WAV header)', async () => {
    const header = musicWav(0.01).subarray(0, 44);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), fc.boolean(), async (bytes, withHeader) => {
        const input = withHeader ? Buffer.concat([header, bytes]) : bytes;
        const result = await analyseAudio(input);
        expect(['ok', 'invalid_file', 'no_audio', 'too_short', 'too_long', 'not_enough_music', 'error']).toContain(result.status);
        expect(result.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
