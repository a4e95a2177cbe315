import { memo } from 'react';
import type { CSSProperties } from 'react';
import { ActionIcon, Badge, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Copy } from '../../../api/schemas/discovery';
import { ExternalLink } from '../../../components/ExternalLink';
import { formatCount, formatDate, formatDuration, formatPercent } from '../../../lib/format';
import { useAssetTitle } from '../hooks';
import type { StatusEntry } from '../statuses';
import { CategoryBadge } from './CategoryBadge';
import { StatusBadges } from './StatusBadges';
import classes from './CopiesTable.module.css';

export const ROW_HEIGHT = 60;

export type CopyRowProps = {
  copy: Copy;
  /** 1-based position among loaded rows (aria-rowindex counts the header as 1). */
  position: number;
  top: number;
  focused: boolean;
  selected: boolean;
  legend: readonly StatusEntry[];
  onFocusRow: (matchId: string) => void;
  onToggleSelect: (matchId: string, shiftKey: boolean) => void;
};

function AssetCell({ copy }: { copy: Copy }) {
  const title = useAssetTitle(copy.asset_id);
  const text = title.data ?? (title.isError ? `Asset ${copy.asset_id}` : '…');
  return (
    <Text size="sm" lineClamp={1} title={title.data ? `${title.data} (asset ${copy.asset_id})` : `Asset ${copy.asset_id}`}>
      {text}
    </Text>
  );
}

/** One copy in the queue. Memoised: a status change repaints only the row it touched. */
export const CopyRow = memo(function CopyRow({ copy, position, top, focused, selected, legend, onFocusRow, onToggleSelect }: CopyRowProps) {
  const title = copy.copy_title.trim() || 'Untitled copy';
  const stats = copy.copy_statistics;
  const match = copy.match_data;
  const style: CSSProperties = { height: ROW_HEIGHT, transform: `translateY(${top}px)` };
  return (
    <div
      role="row"
      id={`copy-row-${copy.match_id}`}
      aria-rowindex={position + 1}
      aria-selected={selected}
      data-match-id={copy.match_id}
      data-focused={focused || undefined}
      data-selected={selected || undefined}
      className={`${classes.grid} ${classes.row}`}
      style={style}
      onClick={() => onFocusRow(copy.match_id)}
    >
      <div role="gridcell" className={classes.cell}>
        <Checkbox
          size="xs"
          checked={selected}
          onChange={() => undefined}
          onClick={(event) => {
            event.stopPropagation();
            onToggleSelect(copy.match_id, event.shiftKey);
          }}
          aria-label={`Select ${title}`}
          tabIndex={-1}
        />
      </div>
      <div role="gridcell" className={classes.cell}>
        <ExternalLink href={copy.copy_media_url} size="sm" lineClamp={1}>
          {title}
        </ExternalLink>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" lineClamp={1}>
            {copy.copy_user_name || copy.copy_user_real_name || 'Unknown uploader'}
          </Text>
          {copy.copy_user_is_verified ? (
            <IconRosetteDiscountCheckFilled size={13} color="var(--mantine-color-blue-filled)" aria-label="Verified uploader" role="img" style={{ flexShrink: 0 }} />
          ) : null}
          {copy.is_taken_down ? (
            <Badge size="xs" color="red" variant="outline" radius="sm" style={{ flexShrink: 0 }}>
              Taken down
            </Badge>
          ) : null}
          {copy.is_nsfw ? (
            <Badge size="xs" color="dark" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
              NSFW
            </Badge>
          ) : null}
        </Group>
      </div>
      <div role="gridcell" className={classes.cell}>
        <Text size="sm" lineClamp={1}>
          {copy.platform}
        </Text>
      </div>
      <div role="gridcell" className={classes.cell}>
        <AssetCell copy={copy} />
      </div>
      <div role="gridcell" className={classes.cell}>
        <CategoryBadge category={copy.match_category} />
      </div>
      <div role="gridcell" className={classes.cell}>
        <Text size="xs" lineClamp={1}>
          {formatPercent(match.copy_percentage_of_asset)} of asset
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {formatPercent(match.asset_percentage_of_copy)} of copy · {formatDuration(match.length_of_match)}
        </Text>
      </div>
      <div role="gridcell" className={classes.cell}>
        <Text size="xs" lineClamp={1}>
          {formatCount(stats.views_count)} views
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {formatCount(stats.likes_count)} likes
        </Text>
      </div>
      <div role="gridcell" className={classes.cell}>
        <Text size="xs">{formatDate(copy.copy_upload_date)}</Text>
      </div>
      <div role="gridcell" className={classes.cell} data-testid="row-statuses">
        <StatusBadges codes={copy.user_actions.statuses} legend={legend} size="xs" max={3} />
      </div>
      <div role="gridcell" className={classes.cell}>
        <Tooltip label="Open copy details (Enter)" withArrow openDelay={400}>
          <ActionIcon
            renderRoot={(props) => <Link {...props} to="/copies/$matchId" params={{ matchId: copy.match_id }} />}
            variant="subtle"
            size="sm"
            aria-label={`Open details of ${title}`}
            tabIndex={-1}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
});
