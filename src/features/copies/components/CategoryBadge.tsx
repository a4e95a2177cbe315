import { memo } from 'react';
import { Badge, Tooltip } from '@mantine/core';
import type { MatchCategory } from '../../../api/schemas/discovery';
import { MATCH_CATEGORY_INFO } from '../categories';
import { toneClass, toneStyle } from './tone';

/** The match category code, its meaning on hover and focus (and for screen readers). */
export const CategoryBadge = memo(function CategoryBadge({ category }: { category: MatchCategory }) {
  const info = MATCH_CATEGORY_INFO[category];
  return (
    <Tooltip label={info.meaning} withArrow openDelay={250} multiline maw={260}>
      <Badge color={info.color} variant="light" radius="sm" tabIndex={0} aria-label={`${category}: ${info.meaning}`} style={{ ...toneStyle(info.color), cursor: 'help' }} classNames={{ label: toneClass }}>
        {category}
      </Badge>
    </Tooltip>
  );
});
