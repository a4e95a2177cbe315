import { Badge } from '@mantine/core';
import { localDay, type DatesLimit } from '../../../api';
import { periodState, type PeriodState } from '../period';

const LOOK: Record<PeriodState, { color: string; label: string }> = {
  current: { color: 'teal', label: 'In effect' },
  upcoming: { color: 'blue', label: 'Not started' },
  ended: { color: 'gray', label: 'Ended' },
};

/** Whether the whitelist's period covers today, in words. */
export function PeriodBadge({ limit }: { limit: DatesLimit }) {
  const look = LOOK[periodState(limit, localDay(new Date()))];
  return (
    <Badge color={look.color} variant="light" size="sm">
      {look.label}
    </Badge>
  );
}
