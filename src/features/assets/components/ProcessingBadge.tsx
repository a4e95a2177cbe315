import { Tooltip } from '@mantine/core';
import { ToneBadge } from '../../../components/ToneBadge';

const COLORS: Record<string, string> = { sampled: 'teal', uploaded: 'blue', pending: 'gray', failed: 'red' };

const MEANINGS: Record<string, string> = {
  pending: 'Waiting for the file',
  uploaded: 'File received, being processed',
  sampled: 'Processed: copies are being looked for',
  failed: 'Processing failed',
};

/** An asset's processing status as a badge; the words carry the meaning, colour only helps. */
export function ProcessingBadge({ status, error }: { status: string; error?: string }) {
  const label = status || 'unknown';
  const badge = (
    <ToneBadge color={COLORS[label] ?? 'gray'} size="sm">
      {label}
    </ToneBadge>
  );
  const hint = error || MEANINGS[label];
  return hint ? (
    <Tooltip label={hint} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
