import { Upload, defaultOptions, type DetailedError, type PreviousUpload, type UploadOptions } from 'tus-js-client';
import type { TusAdapter, TusStartArgs, TusTransfer } from './engine';

export interface TusSettings {
  /** The tus creation endpoint, e.g. the proxy's /v4/cms/assets/file-upload/. */
  endpoint(): string;
  /** Authorization (when the browser holds the key); Blob-ID is added per upload. */
  headers(): Record<string, string>;
  /** Bytes per PATCH; asked per upload because it follows the server's v4 threshold. */
  chunkSize(): number;
  retryDelays?: number[];
  /** Awaited before every tus request (the tab's Discovery pacer: tus requests count towards 16/s). */
  beforeRequest?: () => Promise<void>;
  /** Environment overrides (fileReader, urlStorage, httpStack); tests run the real client in Node with these. */
  environment?: Pick<UploadOptions, 'fileReader' | 'urlStorage' | 'httpStack'>;
}

export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000];

/**
 * The chunk size for a given v4 threshold: 8 MiB normally, but never more than a quarter of the
 * threshold, so even a file just over it goes in several resumable pieces (tests lower the threshold).
 */
export function tusChunkSize(v4ThresholdBytes: number): number {
  const MiB = 1024 * 1024;
  return Math.max(64 * 1024, Math.min(8 * MiB, Math.floor(v4ThresholdBytes / 4)));
}

/** tus's default retries 5xx and network errors but gives up on 4xx; the platform's 429 is worth waiting for. */
export function shouldRetryTus(error: DetailedError, retryAttempt: number, options: UploadOptions): boolean {
  if (error.originalResponse?.getStatus() === 429) return true;
  return defaultOptions.onShouldRetry ? defaultOptions.onShouldRetry(error, retryAttempt, options) : false;
}

// The fingerprint names the stored upload in localStorage. It carries the fid (content) and size,
// not just name and date, so a different file with the same name never resumes someone else's upload.
function fingerprintFor(fid: string, endpoint: string) {
  return async (file: File) => ['rights-desk-tus', fid, file.size, endpoint].join('|');
}

function isOurs(previous: PreviousUpload): previous is PreviousUpload & { metadata: { asset_id: string; blob_id: string } } {
  return Boolean(previous.uploadUrl && previous.metadata?.asset_id && previous.metadata?.blob_id);
}

export function createTusAdapter(settings: TusSettings): TusAdapter {
  function options(fid: string, extra: UploadOptions): UploadOptions {
    const endpoint = settings.endpoint();
    return {
      endpoint,
      fingerprint: fingerprintFor(fid, endpoint),
      chunkSize: settings.chunkSize(),
      retryDelays: settings.retryDelays ?? TUS_RETRY_DELAYS,
      onShouldRetry: shouldRetryTus,
      onBeforeRequest: settings.beforeRequest ? () => settings.beforeRequest!() : undefined,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      ...settings.environment,
      ...extra,
    };
  }

  return {
    async findPrevious(file, fid) {
      const probe = new Upload(file, options(fid, {}));
      const previous = (await probe.findPreviousUploads()).filter(isOurs);
      const newest = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
      return newest ? { assetId: newest.metadata.asset_id, blobId: newest.metadata.blob_id } : null;
    },

    start({ file, fid, assetId, blobId, onProgress }: TusStartArgs): TusTransfer {
      let rejectDone: (error: unknown) => void = () => {};
      let upload: Upload | null = null;
      let aborted = false;
      const done = new Promise<void>((resolve, reject) => {
        rejectDone = reject;
        upload = new Upload(
          file,
          options(fid, {
            headers: { ...settings.headers(), 'Blob-ID': blobId },
            // Kept with the stored upload so a later session resumes this asset instead of registering another.
            metadata: { filename: file.name, filetype: file.type, asset_id: assetId, blob_id: blobId },
            onProgress,
            onSuccess: () => resolve(),
            onError: (error) => reject(error),
          }),
        );
        const current = upload;
        current
          .findPreviousUploads()
          .then((previous) => {
            if (aborted) return;
            const same = previous.filter(isOurs).find((entry) => entry.metadata.blob_id === blobId);
            if (same) current.resumeFromPreviousUpload(same);
            current.start();
          })
          .catch(reject);
      });
      return {
        done,
        async abort() {
          aborted = true;
          await upload?.abort(false);
          rejectDone(new DOMException('The transfer was paused.', 'AbortError'));
        },
      };
    },
  };
}
