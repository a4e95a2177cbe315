// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DETECTION_STATUSES } from '../../../api/schemas/detector';
import type { HistoryEntry } from '../history-store';
import { STATUS_EXPLANATIONS } from '../statuses';
import { ResultView } from './ResultView';
import { SubmitPanel } from './SubmitPanel';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // The autosizing textarea listens for web fonts loading, which jsdom does not model.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

const wrap = (node: ReactNode) =>
  render(
    <MantineProvider>
      <Notifications />
      {node}
    </MantineProvider>,
  );

function entry(patch: Partial<HistoryEntry>): HistoryEntry {
  return {
    id: 'e1',
    source: 'file',
    name: 'song.wav',
    size: 1000,
    durationSeconds: 60,
    submittedAt: '2026-11-21T10:00:00.000Z',
    status: 'ok',
    message: 'Processed.',
    isAi: false,
    aiScore: 0.5,
    predictedModel: null,
    predictedModelScore: null,
    requestId: '42',
    httpStatus: null,
    ...patch,
  };
}

describe('ResultView', () => {
  it('shows the verdict the detector gave, even against a high score', () => {
    wrap(<ResultView entry={entry({ isAi: false, aiScore: 0.97 })} />);
    expect(screen.getByText('Not AI-generated')).toBeTruthy();
    expect(screen.queryByText('AI-generated')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'AI score of song.wav' }).getAttribute('aria-valuenow')).toBe('97');
    expect(screen.getByText('0.97')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    // No platform line for a human-made verdict.
    expect(screen.queryByText('Platform')).toBeNull();
  });

  it('names the platform with its score, or says it was not identified', () => {
    wrap(<ResultView entry={entry({ isAi: true, aiScore: 0.8, predictedModel: 'Udio', predictedModelScore: 0.91 })} />);
    expect(screen.getByText('AI-generated')).toBeTruthy();
    expect(screen.getByText(/Udio/)).toBeTruthy();
    expect(screen.getByText('(model score 0.91)')).toBeTruthy();
    cleanup();
    wrap(<ResultView entry={entry({ isAi: true, aiScore: 0.8, predictedModel: null })} />);
    expect(screen.getByText('Platform not identified')).toBeTruthy();
  });

  it.each(DETECTION_STATUSES.filter((status) => status !== 'ok'))('explains %s with what to do next', (status) => {
    wrap(<ResultView entry={entry({ status, message: `The detector's own words about ${status}.`, isAi: null, aiScore: null })} />);
    const explanation = STATUS_EXPLANATIONS[status];
    expect(screen.getByText(`${explanation.label} (${status})`)).toBeTruthy();
    expect(screen.getByText(explanation.meaning)).toBeTruthy();
    expect(screen.getByText(explanation.next)).toBeTruthy();
    expect(screen.getByText(`The detector said: The detector's own words about ${status}.`)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('explains a failed call with its HTTP status and what to do', () => {
    wrap(<ResultView entry={entry({ status: 'request_failed', httpStatus: 413, message: 'The file is larger than 100 MB.', isAi: null, aiScore: null, requestId: null })} />);
    expect(screen.getByText('The request failed (HTTP 413)')).toBeTruthy();
    expect(screen.getByText(/compress it/)).toBeTruthy();
  });
});

describe('SubmitPanel', () => {
  it('sends the valid links and keeps the lines to fix in the box, renumbered', () => {
    const onUrls = vi.fn();
    wrap(<SubmitPanel onFiles={() => undefined} onUrls={onUrls} />);
    const box = screen.getByLabelText('Public links to audio files') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'https://example.com/a.mp3\nnot a link\nhttps://example.com/a.mp3\nftp://example.com/b.wav' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check links' }));
    expect(onUrls).toHaveBeenCalledWith(['https://example.com/a.mp3']);
    expect(box.value).toBe('not a link\nftp://example.com/b.wav');
    // The notification says what was queued and what is left.
    expect(screen.getByText('1 link queued')).toBeTruthy();
    expect(screen.getByText('Line 1, “not a link”: not a complete http or https URL.')).toBeTruthy();
    expect(screen.getByText('Line 2, “ftp://example.com/b.wav”: only http and https links can be fetched.')).toBeTruthy();
  });

  it('asks for a link when the box is empty and sends nothing', () => {
    const onUrls = vi.fn();
    wrap(<SubmitPanel onFiles={() => undefined} onUrls={onUrls} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check links' }));
    expect(onUrls).not.toHaveBeenCalled();
    expect(screen.getByText('Enter at least one link.')).toBeTruthy();
  });
});
