import type { PutFileArgs } from './engine';

/** The answer of a PUT to file_url that was not a 2xx. */
export class PutFileError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PutFileError';
    this.status = status;
  }
}

/**
 * v3 transfer: the whole file in one PUT to the file_url the platform returned, with the declared
 * mime type as Content-Type. XHR rather than fetch because only XHR reports upload progress.
 */
export function putFileWithXhr({ file, url, mimeType, signal, onProgress }: PutFileArgs, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', mimeType);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      reject(new PutFileError(xhr.status, `The upload location answered HTTP ${xhr.status}${bodyMessage(xhr.responseText)}.`));
    };
    xhr.onerror = () => reject(new PutFileError(0, 'The connection dropped while sending the file.'));
    xhr.ontimeout = () => reject(new PutFileError(0, 'Sending the file timed out.'));
    xhr.onabort = () => reject(new DOMException('The transfer was stopped.', 'AbortError'));
    if (signal.aborted) {
      reject(new DOMException('The transfer was stopped.', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function bodyMessage(body: string): string {
  const text = body.trim();
  if (!text) return '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return `: ${parsed.message}`;
  } catch {
    // not JSON: fall through to the plain text
  }
  return `: ${text.slice(0, 200)}`;
}
