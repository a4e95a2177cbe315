import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ClassificationSegment, ContentClassification } from '../../../api';
import { formatDurationLong } from '../../../lib/format';
import {
  CLASSIFICATION_LANES,
  classificationSpan,
  formatConfidence,
  formatTimestamp,
  laneBlocks,
  laneSeconds,
  type ClassificationLane,
} from '../model';

const LANE_LABELS: Record<ClassificationLane, string> = { music: 'Music', speech: 'Speech', silence: 'Silence' };
const LANE_COLORS: Record<ClassificationLane, string> = { music: 'teal', speech: 'violet', silence: 'gray' };

function describeSegment(lane: ClassificationLane, segment: ClassificationSegment): string {
  const subclasses = segment.subclasses.length
    ? `; ${segment.subclasses.map((sub) => `${sub.name} ${formatConfidence(sub.confidence)}`).join(', ')}`
    : '';
  return `${LANE_LABELS[lane]} ${formatTimestamp(segment.start)}–${formatTimestamp(segment.end)}, confidence ${formatConfidence(segment.confidence)}${subclasses}`;
}

function SegmentTip({ lane, segment }: { lane: ClassificationLane; segment: ClassificationSegment }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {LANE_LABELS[lane]} {formatTimestamp(segment.start)}–{formatTimestamp(segment.end)}
      </Text>
      <Text size="xs">Confidence {formatConfidence(segment.confidence)}</Text>
      {segment.subclasses.length ? (
        segment.subclasses.map((sub, index) => (
          <Text size="xs" key={`${sub.name}-${index}`}>
            {sub.name}: {formatConfidence(sub.confidence)}
          </Text>
        ))
      ) : (
        <Text size="xs">No subclasses</Text>
      )}
    </Stack>
  );
}

const HEIGHT = 28;

/**
 * The query file on one time axis with a lane each for music, speech and silence. A block's
 * opacity follows its confidence; hovering or focusing a block shows its confidence and subclasses,
 * which its accessible name also carries.
 */
export function ClassificationTimeline({ classification, duration }: { classification: ContentClassification; duration: number | null }) {
  const span = classificationSpan(classification, duration);
  return (
    <Stack gap="sm" data-testid="classification-timeline">
      {CLASSIFICATION_LANES.map((lane) => {
        const segments = classification[lane];
        const blocks = laneBlocks(segments, span);
        return (
          <Group key={lane} gap="sm" wrap="nowrap" align="center">
            <Stack gap={0} w={96} style={{ flexShrink: 0 }}>
              <Text size="sm" fw={600}>
                {LANE_LABELS[lane]}
              </Text>
              <Text size="xs" c="dimmed">
                {segments.length ? formatDurationLong(laneSeconds(segments)) : 'none'}
              </Text>
            </Stack>
            <Box
              role="list"
              aria-label={`${LANE_LABELS[lane]} segments`}
              style={{ position: 'relative', flex: 1, height: HEIGHT, borderRadius: 4, background: 'var(--mantine-color-default-hover)' }}
            >
              {blocks.map(({ segment, left, width, opacity }, index) => (
                <Tooltip key={index} label={<SegmentTip lane={lane} segment={segment} />} events={{ hover: true, focus: true, touch: true }} withArrow multiline maw={280}>
                  <Box
                    role="listitem"
                    tabIndex={0}
                    aria-label={describeSegment(lane, segment)}
                    data-lane={lane}
                    style={{
                      position: 'absolute',
                      top: 0,
                      bottom: 0,
                      left: `${left}%`,
                      width: `${width}%`,
                      borderRadius: 4,
                      overflow: 'hidden',
                      background: `color-mix(in srgb, var(--mantine-color-${LANE_COLORS[lane]}-filled) ${Math.round(opacity * 100)}%, transparent)`,
                      border: `1px solid var(--mantine-color-${LANE_COLORS[lane]}-filled)`,
                      cursor: 'default',
                    }}
                  />
                </Tooltip>
              ))}
            </Box>
          </Group>
        );
      })}
      <Group gap="sm" wrap="nowrap" aria-hidden>
        <Box w={96} style={{ flexShrink: 0 }} />
        <Group justify="space-between" style={{ flex: 1 }}>
          <Text size="xs" c="dimmed">
            0:00
          </Text>
          <Text size="xs" c="dimmed">
            {formatTimestamp(span / 2, 0)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatTimestamp(span, 0)}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
