import { detectorRequest, parseResponse, type DetectorRetry } from './http';
import { detectionResultSchema, type DetectionResult } from './schemas/detector';

// Interface A through the proxy (which holds the OAuth client credentials). HTTP 200 answers can
// still report a problem in `status` (invalid_file, too_short, …): callers read it.

export type DetectOptions = {
  signal?: AbortSignal;
  /** Told before each retry the policy makes (to show "retrying 1/3"). */
  onRetry?: (retry: DetectorRetry) => void;
};

/** POST /v1/ai-detector/detect with the file as the multipart part named `file`. */
export async function detectFile(file: Blob, name: string, options?: DetectOptions): Promise<DetectionResult> {
  const form = new FormData();
  form.append('file', file, name);
  const path = '/v1/ai-detector/detect';
  const data = await detectorRequest({ method: 'POST', path, form, signal: options?.signal }, { onRetry: options?.onRetry });
  return parseResponse(detectionResultSchema, data, { iface: 'detector', path, root: 'result' });
}

/** POST /v1/ai-detector/detect-url with a public, directly downloadable URL. */
export async function detectUrl(url: string, options?: DetectOptions): Promise<DetectionResult> {
  const path = '/v1/ai-detector/detect-url';
  const data = await detectorRequest({ method: 'POST', path, form: new URLSearchParams({ url }), signal: options?.signal }, { onRetry: options?.onRetry });
  return parseResponse(detectionResultSchema, data, { iface: 'detector', path, root: 'result' });
}
