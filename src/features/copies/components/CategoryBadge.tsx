import { memo } from 'react';
import { Badge, Tooltip } from '@mantine/core';
import type { MatchCategory } from '../../../api/schemas/discovery';
import { MATCH_CATEGORY_INFO } from '../categories';

/** The match category code, its meaning on hover and focus (and for screen readers). */
export const CategoryBadge = memo(function CategoryBadge({ category }: { category: MatchCategory }) {
  const info = MATCH_CATEGORY_INFO[category];
  return (
    <Tooltip label={info.meaning} withArrow openDelay={250} multiline maw={260}>
      <Badge color={info.color} variant="light" radius="sm" tabIndex={0} aria-label={`${category}: ${info.meaning}`} style={{ cursor: 'help' }}>
        {category}
      </Badge>
    </Tooltip>
  );
});
