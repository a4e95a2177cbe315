import type { DetectionStatus } from '../../api/schemas/detector';

// Every processing status of the detector (spec 7.1) in plain words, with what to do next.

export type StatusExplanation = { label: string; meaning: string; next: string };

export const STATUS_EXPLANATIONS: Record<DetectionStatus, StatusExplanation> = {
  ok: {
    label: 'Checked',
    meaning: 'The detector processed the file and gave its verdict.',
    next: 'Use the verdict; the score is only for sorting and quality checks.',
  },
  invalid_file: {
    label: 'Not a usable file',
    meaning: 'The detector could not read this as a media file: it is not audio or video, it is damaged, or its container cannot be parsed.',
    next: 'Export the song again as a common format (MP3, WAV, FLAC, M4A, OGG) and submit that file.',
  },
  no_audio: {
    label: 'No audio track',
    meaning: 'The file is valid media but holds no audio the detector can extract (for example a video without sound).',
    next: 'Submit a version of the file that contains the song’s audio.',
  },
  too_short: {
    label: 'Too short',
    meaning: 'The audio is shorter than the detector’s minimum length.',
    next: 'Submit at least 30 seconds of the song; the full track is best.',
  },
  too_long: {
    label: 'Too long',
    meaning: 'The audio is longer than 15 minutes.',
    next: 'Cut the file to a single song of at most 15 minutes and submit that.',
  },
  not_enough_music: {
    label: 'Not enough music',
    meaning: 'There is too little music for a reliable verdict, for example long silence, speech or mixed content.',
    next: 'Submit a file with a single song and little silence or talk around it.',
  },
  not_found: {
    label: 'URL not reachable',
    meaning: 'The detector could not open the URL or download the file from it.',
    next: 'Check that the link is public, needs no sign-in and downloads the file directly (not a web page), then try again.',
  },
  error: {
    label: 'Processing error',
    meaning: 'The detector hit a problem it did not describe further.',
    next: 'Try again later; if it keeps happening, send the request id to support.',
  },
};

export function explainStatus(status: DetectionStatus): StatusExplanation {
  return STATUS_EXPLANATIONS[status];
}

/** What to do after a call that failed with HTTP `status` once the retries were used up (null: no answer at all). */
export function nextStepAfterFailure(status: number | null): string {
  if (status === null) return 'Check your connection, then submit it again.';
  if (status === 413) return 'The file is over the detector’s 100 MB limit: compress it (for example as MP3) or cut it to one song, then submit that.';
  if (status === 400) return 'The detector did not accept the request. Check the file or URL and submit it again; if it keeps failing, send the request id to support.';
  if (status === 401 || status === 403) return 'The detector refused the server’s credentials. Ask whoever runs Rights Desk to check the detector client id and secret.';
  if (status === 429 || status >= 500) return 'The detector is busy or having trouble and the automatic retries were used up. Submit it again in a few minutes.';
  return 'Submit it again; if it keeps failing, send the request id to support.';
}
