// The expected hashes come from Node's own crypto, independent of the Web Crypto code under test.
/// <reference types="node" />
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeFid, FID_PREFIX_BYTES } from './fid';

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function patternedBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

describe('computeFid', () => {
  it('hashes an empty file to the SHA-256 of nothing', async () => {
    expect(await computeFid(new File([], 'empty.wav'))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('matches a published vector for a short text', async () => {
    expect(await computeFid(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes the whole file when it is shorter than 512 KiB', async () => {
    const bytes = patternedBytes(300_000);
    expect(await computeFid(new File([bytes], 'short.mp3'))).toBe(sha256Hex(bytes));
  });

  it('hashes exactly the first 524288 bytes of a larger file', async () => {
    const bytes = patternedBytes(FID_PREFIX_BYTES + 70_001);
    const fid = await computeFid(new File([bytes], 'long.wav'));
    expect(fid).toBe(sha256Hex(bytes.subarray(0, FID_PREFIX_BYTES)));
    expect(fid).not.toBe(sha256Hex(bytes));
    expect(fid).not.toBe(sha256Hex(bytes.subarray(0, FID_PREFIX_BYTES - 1)));
  });

  it('ignores everything after the prefix', async () => {
    const a = patternedBytes(FID_PREFIX_BYTES + 10);
    const b = a.slice();
    b[FID_PREFIX_BYTES + 5] = (b[FID_PREFIX_BYTES + 5]! + 1) & 0xff;
    expect(await computeFid(new Blob([a]))).toBe(await computeFid(new Blob([b])));
  });

  it('reads only a slice of the file, never the whole of it', async () => {
    const bytes = patternedBytes(FID_PREFIX_BYTES * 3);
    const file = new File([bytes], 'big.wav');
    const sliceCalls: Array<[number | undefined, number | undefined]> = [];
    const originalSlice = file.slice.bind(file);
    file.slice = (start?: number, end?: number, contentType?: string) => {
      sliceCalls.push([start, end]);
      return originalSlice(start, end, contentType);
    };
    file.arrayBuffer = () => Promise.reject(new Error('the whole file must not be read'));
    await computeFid(file);
    expect(sliceCalls).toEqual([[0, FID_PREFIX_BYTES]]);
  });
});
