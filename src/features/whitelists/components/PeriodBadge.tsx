import { localDay, type DatesLimit } from '../../../api';
import { periodState, type PeriodState } from '../period';
import { ToneBadge } from '../../../components/ToneBadge';

const LOOK: Record<PeriodState, { color: string; label: string }> = {
  current: { color: 'teal', label: 'In effect' },
  upcoming: { color: 'blue', label: 'Not started' },
  ended: { color: 'gray', label: 'Ended' },
};

/** Whether the whitelist's period covers today, in words. */
export function PeriodBadge({ limit }: { limit: DatesLimit }) {
  const look = LOOK[periodState(limit, localDay(new Date()))];
  return (
    <ToneBadge color={look.color} size="sm">
      {look.label}
    </ToneBadge>
  );
}
