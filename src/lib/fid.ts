/** The spec's fid covers only the first 512 KiB (512 × 1024 bytes) of a file. */
export const FID_PREFIX_BYTES = 524_288;

/**
 * The fid of a file: SHA-256, lowercase hex, of its first 512 KiB. Only that slice is read, so
 * hashing a multi-gigabyte file costs the same as hashing a small one.
 */
export async function computeFid(file: Blob): Promise<string> {
  const prefix = await file.slice(0, FID_PREFIX_BYTES).arrayBuffer();
  const digest = await crypto.subtle.digest('SHA-256', prefix);
  return toHex(new Uint8Array(digest));
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}
